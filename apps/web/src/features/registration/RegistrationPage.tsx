import { Navigate, useNavigate } from 'react-router';
import type { Registration } from '@arcadia/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageSpinner } from '../../components/ui';
import { useAuth, useCurrentUser } from '../auth';
import { RegistrationForm } from './components/RegistrationForm';
import { submitRegistration } from './state/register-thunk';
import { selectRegistration } from './state/registration-slice';
import { prefillFromAccount } from './validation';

/** `/login/registration`: create the player profile for the signed-in account. */
export function Component() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { account, status } = useAuth();
  const { profile: registered } = useCurrentUser();
  const { inProgress, error } = useAppSelector(selectRegistration);

  const onSubmit = async (body: Registration) => {
    const profile = await dispatch(submitRegistration(body));
    if (profile) await navigate(`/profile/${encodeURIComponent(profile.id)}`);
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
      serverError={error}
      onSubmit={(body) => void onSubmit(body)}
    />
  );
}
