import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@arcadia/contracts';
import { cn } from '../../../components/ui';
import { fieldChanges } from './audit-fields';
import type { AuditWording } from './use-audit-wording';

/** Longer values (an article's text) show their start, the rest on request. */
const SHORT = 160;

function Value({ text, className }: { text: string; className?: string }) {
  const { t } = useTranslation();
  if (text.length <= SHORT) return <span className={className}>{text}</span>;
  return (
    <details className={cn('group', className)}>
      <summary className="cursor-pointer">
        <span className="group-open:hidden">
          {text.slice(0, SHORT)}…{' '}
          <span className="text-sm text-ink-muted underline">{t('admin-audit.showAll')}</span>
        </span>
        <span className="hidden text-sm text-ink-muted underline group-open:inline">
          {t('admin-audit.showLess')}
        </span>
      </summary>
      <span className="whitespace-pre-wrap">{text}</span>
    </details>
  );
}

/**
 * What an entry changed, one line per field with its label: old → new for a change, the value
 * alone for something made or removed. Labels and values are the console's words (see
 * use-audit-wording.ts); long words wrap, so a phone never scrolls sideways.
 */
export function AuditChange({ entry, wording }: { entry: AuditEntry; wording: AuditWording }) {
  const changes = fieldChanges(entry);
  if (changes.length === 0) return null;
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,auto)_minmax(0,1fr)]">
      {changes.map((change) => (
        <div key={change.path.join('.')} className="contents">
          <dt className="pt-1 font-semibold wrap-anywhere text-ink-muted sm:pt-0">
            {wording.label(entry, change)}
          </dt>
          <dd className="wrap-anywhere text-ink">
            {change.single ? (
              <Value text={wording.value(entry, change, change.before ?? change.after)} />
            ) : (
              <>
                <Value
                  text={wording.value(entry, change, change.before)}
                  className="text-ink-muted"
                />
                {' → '}
                <Value
                  text={wording.value(entry, change, change.after)}
                  className="text-neon-cyan-soft"
                />
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
