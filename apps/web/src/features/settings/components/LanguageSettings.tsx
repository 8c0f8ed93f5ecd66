import { useEffect } from 'react';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { Card, CardBody, CardTitle, SelectField, Spinner } from '../../../components/ui';
import { isLanguage, LANGUAGES } from '../../../lib/i18n/languages';
import { selectLanguage, setLanguage } from '../state/language-slice';
import { switchLanguage } from '../state/settings-thunks';

/** The language select (de, en): switches at once and is kept for the next visit. */
export function LanguageSettings() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { language, loading, error } = useAppSelector(selectLanguage);
  const current = isLanguage(i18n.language) ? i18n.language : 'de';

  // The state learns the language the interface started in.
  useEffect(() => {
    if (!loading && language !== current) dispatch(setLanguage({ language: current }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the interface language changes
  }, [current]);

  return (
    <Card>
      <CardBody className="flex flex-col gap-4">
        <CardTitle className="flex items-center gap-2">
          <Languages aria-hidden="true" size={22} className="text-neon-cyan" />
          {t('settings.languageTitle')}
        </CardTitle>
        <div className="flex items-end gap-3">
          <SelectField
            className="w-full max-w-xs"
            label={t('settings.languageLabel')}
            value={current}
            // While the language loads the select ignores changes but keeps the focus, which
            // `disabled` would drop to the page.
            aria-disabled={loading || undefined}
            options={LANGUAGES.map((l) => ({
              value: l.id,
              label: t(`settings.languageNames.${l.id}`),
            }))}
            onChange={(e) => {
              if (!loading && isLanguage(e.target.value))
                void dispatch(switchLanguage(e.target.value));
            }}
            error={error ? t('settings.languageFailed') : undefined}
          />
          {loading && <Spinner size="sm" className="mb-3" />}
        </div>
      </CardBody>
    </Card>
  );
}
