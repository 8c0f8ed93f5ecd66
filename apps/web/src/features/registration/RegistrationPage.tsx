import { Navigate, useLocation, useNavigate } from 'react-router';
import type { Registration } from '@arcadia/contracts';
import { toFailure } from '../../lib/api/failure';
import { PageSpinner } from '../../components/ui';
import { safeReturnPath } from '../../lib/navigation';
import { useAuth, useCurrentUser, type LoginLocationState } from '../auth';
import { useRegisterMutation } from './api/register';
import { RegistrationForm } from './components/RegistrationForm';
import { prefillFromAccount } from './validation';

/**
 * Where a new profile leads: its page (spec §4), but a player who came to do something that needs
 * a profile goes back to it: the device whose code they scanned (/play?deviceId=…), a guest
 * result's claim code (/claim/…: a guest of a match signs up to take their result).
 */
const PENDING_ACTION = /^\/(play\?deviceId=|claim\/[^/?#]+$)/;

function afterRegistration(id: string, from: unknown): string {
  const target = safeReturnPath(from, '');
  return PENDING_ACTION.test(target) ? target : `/profile/${encodeURIComponent(id)}`;
}

/** `/login/registration`: create the player profile for the signed-in account. */
export function Component() {
  const navigate = useNavigate();
  const from = (useLocation().state as LoginLocationState | null)?.from;
  const { account, status } = useAuth();
  const { profile: registered } = useCurrentUser();
  // Spec §4 registration: begin (in progress), success (the own profile stored), error.
  const [register, { isLoading: inProgress, error }] = useRegisterMutation();

  const onSubmit = async (body: Registration) => {
    const result = await register(body);
    if (result.data) await navigate(afterRegistration(result.data.id, from));
  };

  if (status === 'loading') return <PageSpinner />;
  // Already registered (this sign-in has a profile, or the answer just stored it): nothing to
  // create, on to the profile or the device.
  if (registered) return <Navigate to={afterRegistration(registered.id, from)} replace />;
  return (
    <RegistrationForm
      // A new account (another sign-in) starts a fresh form with its own prefill.
      key={String(account?.sub ?? '')}
      initial={prefillFromAccount(account)}
      inProgress={inProgress}
      serverError={error ? toFailure(error) : null}
      onSubmit={(body) => void onSubmit(body)}
    />
  );
}
