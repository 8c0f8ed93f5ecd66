import { createSelector, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { OwnProfile } from '@arcadia/contracts';
import type { Account } from '../../../lib/auth/callback';
import { rootReducer, type RootState } from '../../../lib/store/store';
import { isMeFulfilled, isMePending, isMeRejected, ME_CACHE_KEY } from '../api/me-actions';

/**
 * loading: the stored session is being checked at start; signingIn: on the way to the provider;
 * unreachable: a session is stored but could not be checked (offline, or the server did not
 * answer), so the player is neither signed in nor sent to sign in again: the app tries again.
 */
export type AuthStatus = 'loading' | 'signedOut' | 'signingIn' | 'signedIn' | 'unreachable';
/** What is known of the signed-in player's own profile. */
export type ProfileStatus = 'none' | 'loading' | 'registered' | 'unregistered' | 'error';

export interface AuthError {
  code: string;
  message: string;
}

/**
 * The session as this slice holds it: account, loading, error, and what is known of the own
 * profile. The profile itself is server data: it lives in the own-profile query's cache entry
 * (`getMe`) and is read with `selectOwnProfile`.
 */
export interface AuthSliceState {
  status: AuthStatus;
  account: Account | null;
  profileStatus: ProfileStatus;
  loading: boolean;
  error: AuthError | null;
}

/** Spec §3 authentication state: account, signed-in profile, loading, error (see `selectAuth`). */
export interface AuthState extends AuthSliceState {
  profile: OwnProfile | null;
}

export const initialAuthState: AuthSliceState = {
  status: 'loading',
  account: null,
  profileStatus: 'none',
  loading: true,
  error: null,
};

const signedOut = (state: AuthSliceState) => {
  state.status = 'signedOut';
  state.account = null;
  state.profileStatus = 'none';
  state.loading = false;
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** Start-up found no session to restore: anonymous. */
    noSession: signedOut,
    /** Start-up could not check the stored session (no network, no server): kept for a retry. */
    sessionUnreachable: (state) => {
      signedOut(state);
      state.status = 'unreachable';
    },
    /** Checking the stored session again (after `sessionUnreachable`). */
    sessionRetry: (state) => {
      state.status = 'loading';
      state.loading = true;
    },
    /** Login begin: the provider's sign-in page opens; `returnTo` is where to come back to. */
    loginBegin: {
      reducer: (state) => {
        state.status = 'signingIn';
        state.loading = true;
        state.error = null;
      },
      prepare: (returnTo: string = '/') => ({ payload: { returnTo } }),
    },
    /** Login success (or a restored session): stores the account; the own profile loads next. */
    /** `fromCallback`: a sign-in just completed (not a session restored at start). */
    loginSuccess: (state, action: PayloadAction<{ account: Account; fromCallback?: boolean }>) => {
      state.status = 'signedIn';
      state.account = action.payload.account;
      state.loading = false;
      state.error = null;
      state.profileStatus = 'loading';
    },
    loginFailure: (state, action: PayloadAction<AuthError>) => {
      signedOut(state);
      state.error = action.payload;
    },
    /**
     * Logout: clears account and profile; the listener signs out at the provider and goes to `/`.
     * `tokenEnded`: the API has ended the access token already (the profile was deleted), so it
     * is not sent to the sign-out route (which would answer 401).
     */
    logout: {
      reducer: (state, _action: PayloadAction<{ tokenEnded: boolean }>) => {
        signedOut(state);
        state.error = null;
      },
      prepare: (options?: { tokenEnded?: boolean }) => ({
        payload: { tokenEnded: options?.tokenEnded ?? false },
      }),
    },
    /** The provider ended the session (login_required on renewal): forget it here, no redirect. */
    sessionEnded: (state) => {
      signedOut(state);
    },
    clearAuthError: (state) => {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(isMePending, (state) => {
        if (state.status === 'signedIn' && state.profileStatus !== 'registered')
          state.profileStatus = 'loading';
      })
      .addMatcher(isMeFulfilled, (state) => {
        if (state.status !== 'signedIn') return;
        state.profileStatus = 'registered';
      })
      .addMatcher(isMeRejected, (state, action) => {
        if (state.status !== 'signedIn' || action.meta.condition) return;
        const status = action.payload?.status;
        if (status === 404) {
          state.profileStatus = 'unregistered';
        } else if (state.profileStatus !== 'registered') {
          state.profileStatus = 'error';
        }
      });
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectAccount: (state) => state.account,
    selectProfileStatus: (state) => state.profileStatus,
    selectAuthError: (state) => state.error,
  },
});

declare module '../../../lib/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof authSlice> {}
}

/** The auth slice is part of the store from the start (the shell shows Login or Logout). */
export const injectedAuthSlice = authSlice.injectInto(rootReducer);

export const {
  noSession,
  sessionUnreachable,
  sessionRetry,
  loginBegin,
  loginSuccess,
  loginFailure,
  logout,
  sessionEnded,
  clearAuthError,
} = authSlice.actions;

export const { selectAuthStatus, selectAccount, selectProfileStatus, selectAuthError } =
  injectedAuthSlice.selectors;

/** The slice's own state in the root state. */
const selectAuthSlice = (state: RootState) => injectedAuthSlice.selectSlice(state);

/** What the own-profile query has in the cache, read without loading RTK Query (see me-actions). */
const selectMeCacheData = (state: object): OwnProfile | undefined =>
  (state as { api?: { queries?: Record<string, { data?: unknown } | undefined> } }).api?.queries?.[
    ME_CACHE_KEY
  ]?.data as OwnProfile | undefined;

/** The signed-in player's own profile: the own-profile query's answer, while signed in and registered. */
export const selectOwnProfile = createSelector(
  [selectAuthSlice, selectMeCacheData],
  (auth, profile): OwnProfile | null =>
    auth.status === 'signedIn' && auth.profileStatus === 'registered' ? (profile ?? null) : null,
);

/** Spec §3 authentication state: the session of this slice with the own profile from the cache. */
export const selectAuth = createSelector(
  [selectAuthSlice, selectOwnProfile],
  (auth, profile): AuthState => ({ ...auth, profile }),
);
