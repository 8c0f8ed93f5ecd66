import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/Spinner';
import { hasAuthParams } from '../../../lib/auth/callback-errors';

/**
 * /login/callback: the provider sends the browser back here. Start-up completes the sign-in from
 * the URL and navigates to the saved target; this page only shows progress. Opened without an
 * authorization response, it goes to the start page.
 */
export function Component() {
  const { t } = useTranslation();
  const { search } = useLocation();
  if (!hasAuthParams(new URLSearchParams(search))) return <Navigate to="/" replace />;
  return <PageSpinner label={t('auth.completing')} />;
}
