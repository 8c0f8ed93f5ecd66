import { describe, expect, it } from 'vitest';
import { apiError, handlers, server } from '../../../testing/api';
import { NOVA, profile } from '../../../testing/factories';
import { signedInStore } from '../../../testing/store';
import { loadProfileEarly, takeEarlyLoad } from './profile-thunks';

describe("the route loader's early profile load", () => {
  it('is taken by the page once when it loaded', async () => {
    server.use(handlers.getProfile({ body: profile() }, { id: NOVA }));
    const store = await signedInStore();
    await store.dispatch(loadProfileEarly(NOVA));
    expect(takeEarlyLoad(NOVA)).toBe(true);
    expect(takeEarlyLoad(NOVA)).toBe(false);
  });

  it('is not taken when it failed before the page rendered: the page loads again', async () => {
    // Offline at a cold start: the page waited for the session and renders only afterwards.
    server.use(
      handlers.getProfile(apiError(503, 'database_unavailable', 'The database cannot be reached'), {
        id: NOVA,
      }),
    );
    const store = await signedInStore();
    await store.dispatch(loadProfileEarly(NOVA));
    expect(takeEarlyLoad(NOVA)).toBe(false);
  });

  it("is taken when the server answered it (a hidden profile's 403): asked once, not twice", async () => {
    server.use(
      handlers.getProfile(apiError(403, 'profile_private', 'This profile is private'), {
        id: NOVA,
      }),
    );
    const store = await signedInStore();
    await store.dispatch(loadProfileEarly(NOVA));
    expect(takeEarlyLoad(NOVA)).toBe(true);
  });
});
