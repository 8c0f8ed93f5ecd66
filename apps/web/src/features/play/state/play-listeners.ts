import { startAppListening } from '../../../lib/store/store';
import { isOwnProfileLoaded } from './own-profile-loaded';
import { currentDeviceLoaded } from './play-slice';

/**
 * Spec §4: "after a profile loads, the current play device is loaded". Each time the own-profile
 * query succeeds, GET /api/v2/user/me/device is asked and its answer stored if it has an id. The
 * call's module loads on first use, so registering this at start-up adds nothing of the API to
 * the first bundle. Returns a function that removes the listener.
 */
export function registerPlayListeners(): () => void {
  return startAppListening({
    predicate: (action) => isOwnProfileLoaded(action),
    effect: async (_action, listenerApi) => {
      // A newer profile load supersedes an answer still on its way (pause throws when cancelled).
      listenerApi.cancelActiveListeners();
      const { getCurrentDeviceApi } = await listenerApi.pause(import('../api/get-current-device'));
      const result = await listenerApi.pause(
        listenerApi.dispatch(
          getCurrentDeviceApi.endpoints.getCurrentDevice.initiate(undefined, {
            subscribe: false,
            forceRefetch: true,
          }),
        ),
      );
      if (result.data) listenerApi.dispatch(currentDeviceLoaded(result.data));
    },
  });
}
