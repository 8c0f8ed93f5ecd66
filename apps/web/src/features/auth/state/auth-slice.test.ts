import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../lib/store/store';
import {
  apiCalls,
  apiError,
  brokenContract,
  handlers,
  server,
  type Reply,
} from '../../../testing/api';
import { neo } from '../../../testing/factories';
import { meApi } from '../api/get-me';
import {
  authSlice,
  initialAuthState,
  loginBegin,
  loginFailure,
  loginSuccess,
  logout,
  noSession,
  selectAuth,
  sessionEnded,
} from './auth-slice';

const reduce = authSlice.reducer;
const me = neo({ earlyAdopter: true });
const account = { sub: 'sub-1', email: 'neo@example.org', nickname: 'neo' };

describe('auth slice (spec §3 account, profile, loading, error; §4 login transitions)', () => {
  it('starts loading, without account or profile', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual(initialAuthState);
    expect(initialAuthState).toMatchObject({ status: 'loading', loading: true, account: null });
  });

  it('no session at start: anonymous, loading done', () => {
    expect(reduce(initialAuthState, noSession())).toMatchObject({
      status: 'signedOut',
      loading: false,
      account: null,
    });
  });

  it('login begin: loading, error cleared, the target kept in the action', () => {
    const failed = reduce(initialAuthState, loginFailure({ code: 'x', message: 'y' }));
    const action = loginBegin('/profile/1');
    expect(action.payload.returnTo).toBe('/profile/1');
    expect(loginBegin().payload.returnTo).toBe('/');
    expect(reduce(failed, action)).toMatchObject({
      status: 'signingIn',
      loading: true,
      error: null,
    });
  });

  it('login success stores the account and marks the own profile as loading', () => {
    const state = reduce(reduce(initialAuthState, loginBegin()), loginSuccess({ account }));
    expect(state).toMatchObject({
      status: 'signedIn',
      account,
      loading: false,
      error: null,
      profileStatus: 'loading',
    });
  });

  it('login failure stores the error and leaves the visitor signed out', () => {
    const error = { code: 'state_mismatch', message: 'Invalid state' };
    expect(reduce(reduce(initialAuthState, loginBegin()), loginFailure(error))).toMatchObject({
      status: 'signedOut',
      loading: false,
      account: null,
      error,
    });
  });

  it('logout clears account and profile', async () => {
    const store = makeStore();
    store.dispatch(loginSuccess({ account }));
    await store.dispatch(meApi.util.upsertQueryData('getMe', undefined, me));
    expect(selectAuth(store.getState()).profile).toEqual(me);
    store.dispatch(logout());
    expect(selectAuth(store.getState())).toMatchObject({
      status: 'signedOut',
      account: null,
      profile: null,
      profileStatus: 'none',
    });
  });

  it('a session ended at the provider is forgotten the same way', () => {
    const signedIn = reduce(initialAuthState, loginSuccess({ account }));
    expect(reduce(signedIn, sessionEnded())).toMatchObject({ status: 'signedOut', account: null });
  });
});

describe('the own profile (GET /api/v2/user/me) in the auth state', () => {
  async function load(reply: Reply<typeof me>) {
    server.use(handlers.getMe(reply));
    const store = makeStore();
    store.dispatch(loginSuccess({ account }));
    await store.dispatch(meApi.endpoints.getMe.initiate(undefined, { subscribe: false }));
    return { state: selectAuth(store.getState()), calls: apiCalls };
  }

  it('an answer stores the profile: registered', async () => {
    const { state, calls } = await load({ body: me });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/v2/user/me']);
    expect(state.profileStatus).toBe('registered');
    expect(state.profile?.id).toBe(me.id);
  });

  it('404: signed in but not registered', async () => {
    const { state } = await load(apiError(404, 'not_registered', 'Not registered'));
    expect(state.profileStatus).toBe('unregistered');
    expect(state.profile).toBeNull();
  });

  it('another failure is stored as an error', async () => {
    const { state } = await load(apiError(500, 'internal', 'boom'));
    expect(state.profileStatus).toBe('error');
  });

  it('an answer that breaks the contract is an error, not a profile', async () => {
    const { state } = await load(brokenContract({ id: 'nope' }));
    expect(state.profileStatus).toBe('error');
    expect(state.profile).toBeNull();
  });

  it('a profile put in the cache (after registration) counts too', async () => {
    const store = makeStore();
    store.dispatch(loginSuccess({ account }));
    await store.dispatch(meApi.util.upsertQueryData('getMe', undefined, me));
    expect(selectAuth(store.getState())).toMatchObject({ profileStatus: 'registered' });
  });

  it('answers arriving while signed out are ignored', async () => {
    server.use(handlers.getMe({ body: me }));
    const store = makeStore();
    store.dispatch(noSession());
    await store.dispatch(meApi.endpoints.getMe.initiate(undefined, { subscribe: false }));
    expect(selectAuth(store.getState())).toMatchObject({ profile: null, profileStatus: 'none' });
  });
});
