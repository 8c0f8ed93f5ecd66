import type { Device, PlayingDevice } from '@arcadia/contracts';
import type { AppThunk } from '../../../lib/store/store';
import { selectOwnProfile } from '../../auth';
import { toFailure } from '../../../lib/api/failure';
import { getCurrentDeviceApi } from '../api/get-current-device';
import { startPlayingApi } from '../api/start-playing';
import { stopPlayingApi } from '../api/stop-playing';
import {
  currentDeviceLoaded,
  playOnDeviceBegin,
  playOnDeviceFailure,
  playOnDeviceSuccess,
  selectCurrentDevice,
  stopPlayingBegin,
  stopPlayingFailure,
  stopPlayingSuccess,
} from './play-slice';

/** Play on a device (spec §4): loading, then the device stored, or cleared on error. */
export const playOnDevice =
  (device: Device): AppThunk<Promise<boolean>> =>
  async (dispatch) => {
    dispatch(playOnDeviceBegin(device));
    const result = await dispatch(startPlayingApi.endpoints.startPlaying.initiate(device));
    if (result.data) {
      dispatch(playOnDeviceSuccess(result.data));
      return true;
    }
    dispatch(playOnDeviceFailure(toFailure(result.error)));
    return false;
  };

/** Stop playing (spec §4): takes the signed-in player off the current device. */
export const stopPlaying = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  const device = selectCurrentDevice(getState());
  const me = selectOwnProfile(getState());
  if (!device) return;
  dispatch(stopPlayingBegin());
  if (!me) {
    // Without the own profile there is nobody to take off: only the local state is left.
    dispatch(stopPlayingSuccess());
    return;
  }
  const result = await dispatch(
    stopPlayingApi.endpoints.stopPlaying.initiate({
      arcade: device.arcade,
      id: device.id,
      userId: me.id,
    }),
  );
  if (result.data) dispatch(stopPlayingSuccess());
  else dispatch(stopPlayingFailure(toFailure(result.error)));
};

/**
 * Loads the current device (spec §4); it is stored only if the answer has an id. Answers the
 * device the player is on after it (the one known before when the call fails).
 */
export const loadCurrentDevice =
  (): AppThunk<Promise<PlayingDevice | null>> => async (dispatch, getState) => {
    const result = await dispatch(
      getCurrentDeviceApi.endpoints.getCurrentDevice.initiate(undefined, {
        subscribe: false,
        forceRefetch: true,
      }),
    );
    if (result.data) dispatch(currentDeviceLoaded(result.data));
    return selectCurrentDevice(getState());
  };
