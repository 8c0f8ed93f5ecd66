import { Fragment, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { needsParentConsent, type Registration } from '@arcadia/contracts';
import type { ApiFailure } from '../../../lib/api/failure';
import { Button, Card, Checkbox, TextField } from '../../../components/ui';
import { placeServerError } from '../server-errors';
import {
  isUnder16,
  REGISTRATION_FIELDS,
  validateRegistration,
  type RegistrationField,
  type RegistrationValues,
} from '../validation';
import { TermsDialog } from './TermsDialog';

export interface RegistrationFormProps {
  /** The first values (prefilled from the signed-in account). */
  initial: RegistrationValues;
  inProgress: boolean;
  /** The last server failure; shown at its field (or above the form). */
  serverError: ApiFailure | null;
  onSubmit: (body: Registration) => void;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Brings an element into the middle of the view (under the sticky header) and focuses it. */
function reveal(element: HTMLElement | null | undefined) {
  if (!element) return;
  // jsdom and old engines have no scrollIntoView; focus() alone still scrolls there.
  if ('scrollIntoView' in element) element.scrollIntoView({ block: 'center' });
  element.focus({ preventScroll: true });
}

/** The registration form of spec §2 and §5. */
export function RegistrationForm({
  initial,
  inProgress,
  serverError,
  onSubmit,
}: RegistrationFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  // Prefilled fields are checked at once, so a prefilled name that breaks a rule says so.
  const [touched, setTouched] = useState<ReadonlySet<RegistrationField>>(
    () => new Set((['username', 'mail'] as const).filter((f) => initial[f] !== '')),
  );
  // A server error belongs to the value it was given for; editing that field clears it.
  const [serverSeen, setServerSeen] = useState(serverError);
  const [editedSinceServer, setEditedSinceServer] = useState<ReadonlySet<RegistrationField>>(
    new Set(),
  );
  if (serverSeen !== serverError) {
    setServerSeen(serverError);
    setEditedSinceServer(new Set());
  }
  const [termsOpen, setTermsOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  /** A field's input, found by its name in the form. */
  const inputOf = (field: RegistrationField) => {
    const input = form.current?.elements.namedItem(field);
    return input instanceof HTMLElement ? input : null;
  };
  const formAlert = useRef<HTMLParagraphElement>(null);
  const blockedId = useId();

  const validation = validateRegistration(values);
  const placed = placeServerError(serverError);
  const serverFieldError = (field: RegistrationField) => {
    const at = placed.fields[field];
    if (!at || editedSinceServer.has(field)) return undefined;
    return t(`registration.errors.${at.key}`);
  };
  const hasServerFieldError = Object.keys(placed.fields).some(
    (f) => !editedSinceServer.has(f as RegistrationField),
  );
  const errorOf = (field: RegistrationField) => {
    const key = validation.ok ? undefined : validation.errors[field];
    if (key && touched.has(field)) return t(`registration.errors.${key}`);
    return serverFieldError(field);
  };

  const touch = (field: RegistrationField) =>
    setTouched((prev) => (prev.has(field) ? prev : new Set(prev).add(field)));
  const change = <K extends keyof RegistrationValues>(field: K, value: RegistrationValues[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (field !== 'marketingConsent') {
      setEditedSinceServer((prev) => (prev.has(field) ? prev : new Set(prev).add(field)));
      // Text fields show their rule once left (blur); checkboxes at once.
      if (field === 'agb') touch('agb');
    }
  };

  const canSubmit = validation.ok && !inProgress && !hasServerFieldError;
  // Why the submit is disabled (spec §5): the fields still to fix, each a jump to its field.
  const open = REGISTRATION_FIELDS.filter(
    (f) => (!validation.ok && validation.errors[f]) || serverFieldError(f),
  );
  const fieldAnnouncement = REGISTRATION_FIELDS.map(serverFieldError).find(Boolean);

  // A server answer that rejects the form: the first field it names (or the message above the
  // form) is brought into view and focused, so it is seen and read, not just a greyed button.
  useEffect(() => {
    if (!serverError) return;
    const first = REGISTRATION_FIELDS.find((f) => placeServerError(serverError).fields[f]);
    reveal(first ? inputOf(first) : formAlert.current);
  }, [serverError]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (validation.ok && canSubmit) onSubmit(validation.data);
  };
  const text = (field: 'username' | 'mail' | 'birthday' | 'instagram' | 'parentMail') => ({
    name: field,
    value: values[field],
    error: errorOf(field),
    onChange: (e: { target: { value: string } }) => change(field, e.target.value),
    onBlur: () => touch(field),
  });

  return (
    <Card className="mx-auto w-full max-w-lg">
      <div className="p-5 sm:p-7">
        <h1 className="font-display text-3xl font-bold text-ink neon-text">
          {t('registration.title')}
        </h1>
        <p className="mt-2 text-ink-muted">{t('registration.intro')}</p>
        {placed.form && (
          <p
            ref={formAlert}
            role="alert"
            tabIndex={-1}
            className="mt-4 rounded-xl border border-danger/60 bg-danger/10 px-4 py-3 text-danger"
          >
            {t(`registration.errors.${placed.form.key}`)}
          </p>
        )}
        <form ref={form} noValidate onSubmit={submit} className="mt-6 flex flex-col gap-5">
          <TextField
            label={t('registration.username')}
            hint={t('registration.usernameHint')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...text('username')}
          />
          <TextField
            label={t('registration.mail')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...text('mail')}
          />
          <TextField
            label={t('registration.birthday')}
            type="date"
            autoComplete="bday"
            max={today()}
            // Under 16 the profile starts for friends only and off the boards (docs/privacy.md):
            // said here, before the player finds it out in the settings.
            hint={isUnder16(values.birthday) ? t('registration.minorHint') : undefined}
            {...text('birthday')}
          />
          <TextField
            label={t('registration.instagram')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...text('instagram')}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-sm font-semibold text-ink">
              {t('registration.agb')}
            </legend>
            <Checkbox
              name="agb"
              required
              checked={values.agb}
              onChange={(e) => change('agb', e.target.checked)}
              label={t('registration.agbAccept')}
              error={errorOf('agb')}
            />
            <a
              href="#agb"
              aria-haspopup="dialog"
              onClick={(e) => {
                e.preventDefault();
                setTermsOpen(true);
              }}
              className="ml-8 self-start text-sm font-semibold underline underline-offset-4"
            >
              {t('registration.agbLink')}
            </a>
          </fieldset>
          <fieldset>
            <legend className="mb-1.5 text-sm font-semibold text-ink">
              {t('registration.marketing')}
            </legend>
            <Checkbox
              name="marketingConsent"
              checked={values.marketingConsent}
              onChange={(e) => change('marketingConsent', e.target.checked)}
              label={t('registration.marketingAccept')}
            />
            {/* Under 16 (the birthday decides) a parent confirms marketing mail (DSGVO Art. 8). */}
            {values.marketingConsent && needsParentConsent(values.birthday || null) && (
              <div className="mt-3 flex flex-col gap-2 rounded-xl border border-line p-3">
                <p className="text-sm text-ink-muted">{t('registration.parentHint')}</p>
                <TextField
                  label={t('registration.parentMail')}
                  type="email"
                  autoComplete="off"
                  inputMode="email"
                  required
                  {...text('parentMail')}
                />
              </div>
            )}
          </fieldset>
          <p className="text-sm text-ink-muted">{t('registration.required')}</p>
          <Button
            type="submit"
            size="lg"
            disabled={!canSubmit}
            aria-busy={inProgress}
            aria-describedby={!inProgress && open.length > 0 ? blockedId : undefined}
            className="w-full"
          >
            {inProgress && (
              <span
                aria-hidden="true"
                className="h-4 w-4 animate-spin rounded-full border-2 border-night-950/30 border-t-night-950"
              />
            )}
            {t('registration.submit')}
          </Button>
          {!inProgress && open.length > 0 && (
            <p className="-mt-2 text-sm text-ink-muted">
              {t('registration.blocked')}{' '}
              {open.map((field, index) => (
                <Fragment key={field}>
                  {index > 0 && ', '}
                  <button
                    type="button"
                    onClick={() => {
                      touch(field);
                      reveal(inputOf(field));
                    }}
                    className="font-semibold text-ink underline underline-offset-4"
                  >
                    {t(`registration.fieldNames.${field}`)}
                  </button>
                </Fragment>
              ))}
              {/* The same as one plain sentence: the description of the disabled button. */}
              <span id={blockedId} hidden>
                {`${t('registration.blocked')} ${open
                  .map((field) => t(`registration.fieldNames.${field}`))
                  .join(', ')}`}
              </span>
            </p>
          )}
          <p role="status" className="sr-only">
            {inProgress ? t('registration.submitting') : ''}
          </p>
          {fieldAnnouncement && (
            <p role="alert" className="sr-only">
              {fieldAnnouncement}
            </p>
          )}
        </form>
        <div className="mt-6 border-t border-line pt-5 text-center">
          <p className="text-sm text-ink-muted">{t('registration.linkHint')}</p>
          <Link
            to="/login/link"
            className="mt-2 inline-flex items-center gap-2 font-semibold underline underline-offset-4"
          >
            <Link2 aria-hidden="true" size={18} />
            {t('registration.link')}
          </Link>
        </div>
        <TermsDialog open={termsOpen} onOpenChange={setTermsOpen} />
      </div>
    </Card>
  );
}
