import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UnknownAction } from '@reduxjs/toolkit';
import { startAppListening } from '../../../app/store';
import { meApi } from '../../auth';
import { getCurrentDeviceApi } from '../api/get-current-device';
import { apiError, installFakeApi, type FakeReply } from '../test-api';
import { arena, me, signedInStore } from '../test-fixtures';
import { isOwnProfileLoaded } from './own-profile-loaded';

afterEach(() => vi.unstubAllGlobals());

describe('isOwnProfileLoaded', () => {
  it('agrees with the getMe endpoint’s own matcher on every action of real queries', async () => {
    let meReply: FakeReply = { status: 200, body: me };
    installFakeApi((call) =>
      call.path === '/api/v2/user/me'
        ? meReply
        : call.path === '/api/v2/user/me/device'
          ? { status: 200, body: arena }
          : apiError(404, 'not_found', 'no route'),
    );
    const store = await signedInStore({ registered: false });
    const seen: UnknownAction[] = [];
    const stop = startAppListening({
      predicate: () => true,
      effect: (action) => void seen.push(action),
    });
    try {
      const options = { subscribe: false, forceRefetch: true };
      await store.dispatch(meApi.endpoints.getMe.initiate(undefined, options));
      await store.dispatch(
        getCurrentDeviceApi.endpoints.getCurrentDevice.initiate(undefined, options),
      );
      meReply = apiError(404, 'not_found', 'not registered');
      await store.dispatch(meApi.endpoints.getMe.initiate(undefined, options));
    } finally {
      stop();
    }
    expect(seen.filter((a) => meApi.endpoints.getMe.matchFulfilled(a))).toHaveLength(1);
    expect(seen.filter((a) => a.type === 'api/executeQuery/fulfilled')).toHaveLength(2);
    for (const action of seen)
      expect(isOwnProfileLoaded(action), action.type).toBe(
        meApi.endpoints.getMe.matchFulfilled(action),
      );
  });
});
