import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { makeStore, startAppListening } from '../../../lib/store/store';
import { apiError, handlers, server } from '../../../testing/api';
import { neo } from '../../../testing/factories';
import { loginSuccess } from '../state/auth-slice';
import { meApi } from './get-me';
import { isMeFulfilled, isMePending, isMeRejected, ME_CACHE_KEY } from './me-actions';

/** A store, and every action it sees (through the listener middleware, thunks' included). */
function recordingStore() {
  const store = makeStore();
  const seen: UnknownAction[] = [];
  const stop = startAppListening({
    predicate: () => true,
    effect: (action) => void seen.push(action),
  });
  return { store, seen, stop };
}

describe('me-actions: the own-profile query read without RTK Query', () => {
  it('the cache key the auth selectors read is the endpoint’s own', async () => {
    server.use(handlers.getMe({ body: neo() }));
    const store = makeStore();
    const result = store.dispatch(meApi.endpoints.getMe.initiate());
    const done = await result;
    expect(done.data?.id).toBe(neo().id);
    expect(result.queryCacheKey).toBe(ME_CACHE_KEY);
    expect(meApi.endpoints.getMe.select()(store.getState()).data).toEqual(
      store.getState().api.queries[ME_CACHE_KEY]?.data,
    );
    result.unsubscribe();
  });

  it('match exactly the endpoint’s own matchers', async () => {
    const { store, seen, stop } = recordingStore();
    store.dispatch(loginSuccess({ account: { sub: 's' } }));
    server.use(handlers.getMe({ body: neo() }));
    await store.dispatch(meApi.endpoints.getMe.initiate(undefined, { subscribe: false }));
    server.use(handlers.getMe(apiError(404, 'not_registered', 'no')));
    await store.dispatch(
      meApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    const { matchPending, matchFulfilled, matchRejected } = meApi.endpoints.getMe;
    const pairs = [
      [isMePending, matchPending],
      [isMeFulfilled, matchFulfilled],
      [isMeRejected, matchRejected],
    ] as const;
    for (const [ours, theirs] of pairs) {
      const matched = seen.filter((a) => theirs(a));
      expect(matched.length).toBeGreaterThan(0);
      expect(seen.filter((a) => ours(a))).toEqual(matched);
    }
    stop();
  });
});
