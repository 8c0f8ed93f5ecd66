import { startAppListening } from '../../../app/store';
import { meApi } from '../../auth';
import { getCurrentDeviceApi } from '../api/get-current-device';
import { currentDeviceLoaded } from './play-slice';

/**
 * Spec §4: "after a profile loads, the current play device is loaded". The own profile loads
 * through the auth feature's `getMe` query; each time it succeeds the device is asked for and
 * stored if the answer has an id. Returns a function that removes the listener (tests).
 */
export function registerPlayListeners(): () => void {
  return startAppListening({
    matcher: meApi.endpoints.getMe.matchFulfilled,
    effect: async (_action, listenerApi) => {
      // A newer profile load supersedes an answer still on its way (pause throws when cancelled).
      listenerApi.cancelActiveListeners();
      const { dispatch } = listenerApi;
      const result = await listenerApi.pause(
        dispatch(
          getCurrentDeviceApi.endpoints.getCurrentDevice.initiate(undefined, {
            subscribe: false,
            forceRefetch: true,
          }),
        ),
      );
      if (result.data) dispatch(currentDeviceLoaded(result.data));
    },
  });
}
