import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewsTranslationInput } from '@arcadia/contracts';
import { cn, FieldError, inputClasses, TextField } from '../../../components/ui';

/** Title, abstract and the Markdown text of one language. */
export function TranslationFields({
  locale,
  value,
  onChange,
  error,
  disabled = false,
}: {
  locale: 'de' | 'en';
  value: NewsTranslationInput;
  onChange: (value: NewsTranslationInput) => void;
  /** The message for a field of this language (`title`, `abstract`, `markdown`). */
  error: (field: keyof NewsTranslationInput) => string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const markdownError = error('markdown');
  const lang = t(`admin-news.lang.${locale}`);
  return (
    <div className="flex flex-col gap-4" lang={locale}>
      <TextField
        label={`${t('admin-news.fields.title')} (${lang})`}
        value={value.title}
        error={error('title')}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, title: e.target.value })}
      />
      <TextField
        label={`${t('admin-news.fields.abstract')} (${lang})`}
        value={value.abstract}
        error={error('abstract')}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, abstract: e.target.value })}
      />
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
          {`${t('admin-news.fields.markdown')} (${lang})`}
        </label>
        <textarea
          id={id}
          rows={14}
          value={value.markdown}
          disabled={disabled}
          spellCheck
          aria-invalid={markdownError ? true : undefined}
          aria-describedby={`${id}-hint${markdownError ? ` ${id}-error` : ''}`}
          className={cn(inputClasses, 'h-auto min-h-48 py-2 font-mono text-sm leading-relaxed')}
          onChange={(e) => onChange({ ...value, markdown: e.target.value })}
        />
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-muted">
          {t('admin-news.hints.markdown')}
        </p>
        <FieldError id={`${id}-error`}>{markdownError}</FieldError>
      </div>
    </div>
  );
}
