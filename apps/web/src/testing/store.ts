/** Test support: stores in the states a test starts from (signed out, signed in, registered). */
import type { OwnProfile } from '@arcadia/contracts';
import { makeStore, type AppStore } from '../lib/store/store';
import { loginSuccess, meApi, noSession, type Account } from '../features/auth';
import { apiError, handlers, server } from './api';
import { ownProfile } from './factories';

/** The account claims of a player's sign-in. */
function accountOf(profile: Pick<OwnProfile, 'userName' | 'mail'>): Account {
  return { sub: `sub-${profile.userName}`, email: profile.mail, nickname: profile.userName };
}

/** Start-up found no session: an anonymous visitor. */
export function signedOutStore(): AppStore {
  const store = makeStore();
  store.dispatch(noSession());
  return store;
}

/**
 * A signed-in player. With a profile (default: 'Me') the own-profile query has answered it, so
 * the player is registered, and the query is held as the app holds it while signed in (an
 * invalidation asks again, and the fake API answers the same profile); with `null` the own
 * profile has not loaded (yet).
 */
export async function signedInStore(
  profile: OwnProfile | null = ownProfile(),
  account: Account = accountOf(profile ?? ownProfile()),
): Promise<AppStore> {
  const store = makeStore();
  store.dispatch(loginSuccess({ account }));
  if (profile) {
    server.use(handlers.getMe({ body: profile }));
    await store.dispatch(meApi.util.upsertQueryData('getMe', undefined, profile));
    void store.dispatch(meApi.endpoints.getMe.initiate());
  }
  return store;
}

/** Signed in without a profile: the own-profile query answered 404 (not registered). */
export async function unregisteredStore(account: Account): Promise<AppStore> {
  const store = makeStore();
  store.dispatch(loginSuccess({ account }));
  server.use(handlers.getMe(apiError(404, 'not_registered', 'Not registered')));
  await store.dispatch(meApi.endpoints.getMe.initiate(undefined, { subscribe: false }));
  server.resetHandlers();
  return store;
}
