import { useCallback } from 'react';
import { useLocation } from 'react-router';
import type { OwnProfile } from '@arcadia/contracts';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import type { Account } from '../../lib/auth/callback';
import {
  loginBegin,
  logout,
  selectAccount,
  selectAuthError,
  selectAuthStatus,
  selectOwnProfile,
  selectProfileStatus,
  type AuthError,
  type AuthStatus,
  type ProfileStatus,
} from './state/auth-slice';

export interface UseAuth {
  status: AuthStatus;
  isSignedIn: boolean;
  account: Account | null;
  error: AuthError | null;
  /** Opens the provider's sign-in page; afterwards the app returns to `returnTo` (default: here). */
  signIn: (returnTo?: string) => void;
  /** Clears account and profile, signs out at the provider, returns to `/`. */
  signOut: () => void;
}

export function useAuth(): UseAuth {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const status = useAppSelector(selectAuthStatus);
  const account = useAppSelector(selectAccount);
  const error = useAppSelector(selectAuthError);
  const here = `${location.pathname}${location.search}${location.hash}`;
  const signIn = useCallback(
    (returnTo?: string) => dispatch(loginBegin(returnTo ?? here)),
    [dispatch, here],
  );
  const signOut = useCallback(() => dispatch(logout()), [dispatch]);
  return { status, isSignedIn: status === 'signedIn', account, error, signIn, signOut };
}

export interface UseCurrentUser {
  /** The signed-in player's own profile, once loaded and registered. */
  profile: OwnProfile | undefined;
  isRegistered: boolean;
  /** Start-up or the own profile still loading. */
  isLoading: boolean;
  profileStatus: ProfileStatus;
  /** Loads the own profile again (after a failure). */
  reload: () => void;
}

export function useCurrentUser(): UseCurrentUser {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);
  const profile = useAppSelector(selectOwnProfile);
  const profileStatus = useAppSelector(selectProfileStatus);
  const reload = useCallback(() => {
    void import('./api/get-me').then(({ meApi }) =>
      dispatch(meApi.endpoints.getMe.initiate(undefined, { forceRefetch: true, subscribe: false })),
    );
  }, [dispatch]);
  return {
    profile: profile ?? undefined,
    isRegistered: profileStatus === 'registered' && !!profile,
    isLoading:
      status === 'loading' ||
      status === 'signingIn' ||
      (status === 'signedIn' && profileStatus === 'loading'),
    profileStatus,
    reload,
  };
}
