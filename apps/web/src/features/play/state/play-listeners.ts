import { startAppListening } from '../../../app/store';
import { meApi } from '../../auth';
import { currentDeviceLoaded } from './play-slice';

/**
 * Spec §4: "after a profile loads, the current play device is loaded". The own profile loads
 * through the auth feature's `getMe` query; each time it succeeds the device is asked for and
 * stored if the answer has an id. The call's module loads on first use, so registering this at
 * start-up adds nothing of the API to the first bundle. Returns a function that removes it.
 */
export function registerPlayListeners(): () => void {
  return startAppListening({
    matcher: meApi.endpoints.getMe.matchFulfilled,
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
