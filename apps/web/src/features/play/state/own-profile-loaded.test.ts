import { describe, expect, it } from 'vitest';
import type { UnknownAction } from '@reduxjs/toolkit';
import { startAppListening } from '../../../lib/store/store';
import { meApi } from '../../auth';
import { getCurrentDeviceApi } from '../api/get-current-device';
import { apiError, handlers, server, type Reply } from '../../../testing/api';
import { neo, playingDevice } from '../../../testing/factories';
import { signedInStore } from '../../../testing/store';
import { isOwnProfileLoaded } from './own-profile-loaded';

const me = neo();

describe('isOwnProfileLoaded', () => {
  it('agrees with the getMe endpoint’s own matcher on every action of real queries', async () => {
    let meReply: Reply<typeof me> = { body: me };
    server.use(
      handlers.getMe(() => meReply),
      handlers.getCurrentDevice({ body: playingDevice() }),
    );
    const store = await signedInStore(null);
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
