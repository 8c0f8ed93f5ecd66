import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parentMailSchema } from '@arcadia/contracts';
import { Button, TextField } from '../../../components/ui';

export interface ParentConsentFormProps {
  /** The player's own address: a parent's must be another. */
  ownMail: string;
  busy: boolean;
  onSend: (parentMail: string) => void;
  onCancel: () => void;
}

/**
 * Under 16 (the birthday decides, DSGVO Art. 8): ticking marketing mails asks for a parent's
 * address first; the parent gets the confirmation link, and marketing stays off until then.
 */
export function ParentConsentForm({ ownMail, busy, onSend, onCancel }: ParentConsentFormProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const parsed = parentMailSchema.safeParse(value.trim());
  const own = parsed.success && parsed.data.toLowerCase() === ownMail.toLowerCase();
  const error = !value.trim()
    ? 'settings.parentMailRequired'
    : !parsed.success
      ? 'settings.parentMailInvalid'
      : own
        ? 'settings.parentMailOwn'
        : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Sending: the button is busy (it keeps the focus; not disabled, which drops it to the page),
    // so a second press, or Enter in the field, does not submit. This guard stays for any other
    // way a submit could arrive while sending.
    if (busy) return;
    setTouched(true);
    if (!error && parsed.success) onSend(parsed.data.toLowerCase());
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-xl border border-line p-3"
    >
      <p className="text-sm text-ink-muted">{t('settings.parentHint')}</p>
      <TextField
        label={t('settings.parentMail')}
        name="parentMail"
        type="email"
        inputMode="email"
        autoComplete="off"
        required
        value={value}
        error={touched && error ? t(error) : undefined}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => setTouched(true)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy}>
          {t('settings.parentSend')}
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={onCancel}>
          {t('settings.parentCancel')}
        </Button>
      </div>
    </form>
  );
}
