import { CheckCircle2, Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, CardBody, CardTitle, Spinner } from '../../../components/ui';
import {
  getVerificationState,
  resendVerificationMail,
  type ResendResult,
  type VerificationState,
} from '../api/verification-mail';

/**
 * Settings card: whether the account's e-mail address is confirmed, and (if not) a button that
 * sends the confirmation mail again. Hidden when the server does not manage the account.
 */
export function EmailVerification() {
  const { t } = useTranslation();
  const [state, setState] = useState<VerificationState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ResendResult | null>(null);

  useEffect(() => {
    let active = true;
    const check = () =>
      void getVerificationState().then((next) => {
        if (active) setState(next);
      });
    check();
    // The link is followed in the mail app or another tab: back here, the card asks again.
    const back = () => {
      if (document.visibilityState === 'visible') check();
    };
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', back);
    return () => {
      active = false;
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', back);
    };
  }, []);

  if (state === 'loading' || state === 'none') return null;

  const resend = async () => {
    setBusy(true);
    const answer = await resendVerificationMail();
    setBusy(false);
    if (answer.kind === 'verified') setState('verified');
    setResult(answer);
  };

  const message =
    result?.kind === 'sent'
      ? t('settings.verifySent')
      : result?.kind === 'rateLimited'
        ? t('settings.verifyTooMany', { minutes: result.minutes })
        : result?.kind === 'failed'
          ? t('settings.verifyFailed')
          : null;

  return (
    <Card>
      <CardBody className="flex flex-col items-start gap-3">
        <CardTitle>{t('settings.verifyTitle')}</CardTitle>
        {state === 'verified' ? (
          <p className="flex items-center gap-2 text-ink">
            <CheckCircle2 aria-hidden="true" className="text-neon-green" size={20} />
            {t('settings.verified')}
          </p>
        ) : (
          <>
            <p className="text-ink-muted">{t('settings.unverified')}</p>
            <Button
              variant="secondary"
              // Busy, not `disabled`, while sending: that drops the focus to the page.
              busy={busy}
              onClick={() => void resend()}
            >
              {busy ? (
                <Spinner size="sm" label={t('settings.verifySending')} />
              ) : (
                <Mail aria-hidden="true" size={18} />
              )}
              {t('settings.verifyResend')}
            </Button>
            {message && (
              <p role="status" className="text-ink-muted">
                {message}
              </p>
            )}
          </>
        )}
      </CardBody>
    </Card>
  );
}
