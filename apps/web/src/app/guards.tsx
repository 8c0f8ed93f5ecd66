import { Navigate, Outlet, useLocation, useParams, type Location } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../components/ui/Spinner';
import { ErrorState } from '../components/ui/States';
// The shell's entry of auth (not its index): keeps RTK Query out of the first bundle
import {
  retrySession,
  useAuth,
  useCurrentUser,
  type LoginLocationState,
} from '../features/auth/shell';
import { useAppDispatch } from '../lib/store/hooks';

/** The page a guard sends the visitor away from, for the page it sends them to. */
function remembered(location: Location): LoginLocationState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** Signed in, else to /login remembering the target (after sign-in the app comes back to it). */
export function RequireSignedIn() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const dispatch = useAppDispatch();
  const location = useLocation();
  if (status === 'loading' || status === 'signingIn')
    return <PageSpinner label={t('auth.checking')} />;
  // A stored session that could not be checked (offline): not a reason to sign in again. The
  // app checks again when the browser is back online (auth-listeners.ts) or on Retry.
  if (status === 'unreachable')
    return (
      <ErrorState
        title={t('auth.unreachableTitle')}
        message={t('auth.unreachable')}
        onRetry={() => void dispatch(retrySession())}
      />
    );
  if (status !== 'signedIn') return <Navigate to="/login" replace state={remembered(location)} />;
  return <Outlet />;
}

/**
 * Registered (GET /api/v2/user/me answered a profile), else to /login/registration remembering
 * the target (a device code scanned before the profile existed leads back to the device).
 */
export function RequireRegistered() {
  const { t } = useTranslation();
  const { profileStatus, isLoading, reload } = useCurrentUser();
  const location = useLocation();
  if (isLoading || profileStatus === 'none') return <PageSpinner label={t('app.loadingProfile')} />;
  if (profileStatus === 'unregistered')
    return <Navigate to="/login/registration" replace state={remembered(location)} />;
  if (profileStatus === 'error')
    return <ErrorState message={t('app.profileLoadFailed')} onRetry={reload} />;
  return <Outlet />;
}

/** The friends list only on one's own profile: elsewhere the profile's default tab. */
export function RequireOwnProfile() {
  const { id = '' } = useParams();
  const { profile } = useCurrentUser();
  if (profile && profile.id !== id)
    return <Navigate to={`/profile/${encodeURIComponent(id)}`} replace />;
  return <Outlet />;
}

/** Tabs of another player's profile (compare): on the own profile they open its first tab. */
export function RequireOtherProfile() {
  const { id = '' } = useParams();
  const { profile } = useCurrentUser();
  if (profile && profile.id === id)
    return <Navigate to={`/profile/${encodeURIComponent(id)}`} replace />;
  return <Outlet />;
}

/** /u/{id}: the link printed on a user card opens that profile (through the guards). */
export function UserCardRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/profile/${encodeURIComponent(id)}`} replace />;
}
