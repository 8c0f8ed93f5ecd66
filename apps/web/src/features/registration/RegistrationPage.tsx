import { Navigate, useNavigate } from 'react-router';
import type { Registration } from '@arcadia/contracts';
import { toFailure } from '../../lib/api/failure';
import { PageSpinner } from '../../components/ui';
import { useAuth, useCurrentUser } from '../auth';
import { useRegisterMutation } from './api/register';
import { RegistrationForm } from './components/RegistrationForm';
import { prefillFromAccount } from './validation';

/** `/login/registration`: create the player profile for the signed-in account. */
export function Component() {
  const navigate = useNavigate();
  const { account, status } = useAuth();
  const { profile: registered } = useCurrentUser();
  // Spec §4 registration: begin (in progress), success (the own profile stored), error.
  const [register, { isLoading: inProgress, error }] = useRegisterMutation();

  const onSubmit = async (body: Registration) => {
    const result = await register(body);
    if (result.data) await navigate(`/profile/${encodeURIComponent(result.data.id)}`);
  };

  if (status === 'loading') return <PageSpinner />;
  // Already registered (this sign-in has a profile): nothing to create, show it.
  if (registered) return <Navigate to={`/profile/${encodeURIComponent(registered.id)}`} replace />;
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
