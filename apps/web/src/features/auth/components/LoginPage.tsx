import { LogIn, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, CardBody, PageSpinner } from '../../../components/ui';
import { safeReturnPath } from '../../../lib/navigation';
import { useAuth } from '../hooks';
import { prepareSignIn } from '../state/session-runtime';

/** Where a guard sent the visitor from, kept in the navigation state. */
export interface LoginLocationState {
  from?: string;
}

/** /login: a prompt to sign in and the sign-in button; once signed in, on to the target. */
export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const { status, error, signIn } = useAuth();
  const from = safeReturnPath((location.state as LoginLocationState | null)?.from, '/');
  const signedOut = status === 'signedOut';
  useEffect(() => {
    if (signedOut) prepareSignIn();
  }, [signedOut]);

  if (status === 'signedIn') return <Navigate to={from} replace />;
  if (status === 'loading') return <PageSpinner />;

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 py-6">
      <Card className="overflow-hidden">
        <div className="h-1.5 bg-gradient-to-r from-neon-pink via-neon-cyan to-neon-pink" />
        <CardBody className="flex flex-col items-center gap-5 py-8 text-center">
          <ShieldCheck aria-hidden="true" size={48} className="text-neon-cyan" />
          <h1 className="neon-text font-display text-3xl font-bold uppercase">{t('auth.title')}</h1>
          <p className="text-ink-muted">{t('auth.prompt')}</p>
          {error && (
            <p
              role="alert"
              className="rounded-lg border border-danger/60 px-3 py-2 text-sm text-danger"
            >
              {t('auth.failedTitle')}: {error.message}
            </p>
          )}
          <Button size="lg" onClick={() => signIn(from)} disabled={status === 'signingIn'}>
            <LogIn aria-hidden="true" size={20} />
            {t('auth.signIn')}
          </Button>
          <p className="text-sm text-ink-muted">{t('auth.signUpHint')}</p>
        </CardBody>
      </Card>
    </div>
  );
}
