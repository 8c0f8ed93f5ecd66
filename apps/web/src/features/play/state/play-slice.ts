import {
  createSlice,
  type PayloadAction,
  type UnknownAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { CurrentDevice, Device, LivePlay, PlayingDevice } from '@arcadia/contracts';
import type { ApiFailure } from '../../../lib/api/failure';
import { rootReducer } from '../../../lib/store/store';
import { liveHello, livePlay } from '../../live';

/**
 * Spec §3 play state: the current device and a loading flag; besides them the device a
 * play-on-device is under way for and the last failure, so the page can say what went wrong.
 */
export interface PlayState {
  device: PlayingDevice | null;
  loading: boolean;
  /** The device asked for by the running play-on-device (scan or query parameter). */
  requested: Device | null;
  error: ApiFailure | null;
  /** The device sent its heartbeat lately (the live channel says when it stops). */
  online: boolean;
  /** A match is running on the device. */
  matchRunning: boolean;
  /** Why the player is no longer on a device, when the live channel told: shown until dismissed. */
  ended: PlayEnded | null;
}

/**
 * The last device's match is over (with the stored game), an operator took the player off, or
 * the seat, kept 30 minutes without a match, went to a player at the full device.
 */
export interface PlayEnded {
  reason: 'match_over' | 'removed' | 'expired';
  device: Device;
  gameId: string | null;
}

export const initialPlayState: PlayState = {
  device: null,
  loading: false,
  requested: null,
  error: null,
  online: true,
  matchRunning: false,
  ended: null,
};

function followLive(state: PlayState, play: LivePlay): void {
  state.device = play.device;
  state.online = play.online;
  state.matchRunning = play.matchRunning;
}

/**
 * The auth feature's sign-out actions (logout; the provider ended the session), matched by type:
 * this module is registered at start-up and must not pull the auth feature's API into the first
 * bundle. play-slice.test.ts dispatches the real action creators, so a renamed one fails there.
 */
const SIGNED_OUT = new Set(['auth/logout', 'auth/sessionEnded']);
const isSignedOut = (action: UnknownAction) => SIGNED_OUT.has(action.type);

/** Spec §3: "a missing id means no device". */
export function hasDeviceId(answer: CurrentDevice): answer is PlayingDevice {
  return 'id' in answer && typeof answer.id === 'string' && answer.id.length > 0;
}

export const playSlice = createSlice({
  name: 'play',
  initialState: initialPlayState,
  reducers: {
    /** A device was found (scan or ?deviceId=): play-on-device sets loading. */
    playOnDeviceBegin(state, action: PayloadAction<Device>) {
      state.loading = true;
      state.requested = action.payload;
      state.error = null;
    },
    /** ...then stores the current device... */
    playOnDeviceSuccess(state, action: PayloadAction<PlayingDevice>) {
      state.device = action.payload;
      state.online = true;
      state.matchRunning = false;
      state.ended = null;
      state.loading = false;
      state.requested = null;
      state.error = null;
    },
    /** ...or clears it on error. */
    playOnDeviceFailure(state, action: PayloadAction<ApiFailure>) {
      state.device = null;
      state.loading = false;
      state.requested = null;
      state.error = action.payload;
    },
    stopPlayingBegin(state) {
      state.loading = true;
      state.error = null;
    },
    /** Stop playing clears the device. */
    stopPlayingSuccess(state) {
      state.device = null;
      state.loading = false;
    },
    /**
     * The stop call failed. Not on that device any more (404): cleared all the same. Any other
     * failure (offline, server error) keeps the device, so the player can try again.
     */
    stopPlayingFailure(state, action: PayloadAction<ApiFailure>) {
      if (action.payload.status === 404) state.device = null;
      state.loading = false;
      state.error = action.payload;
    },
    /** Loading the current device stores it only if the answer has an id. */
    currentDeviceLoaded(state, action: PayloadAction<CurrentDevice>) {
      if (hasDeviceId(action.payload)) state.device = action.payload;
    },
    playErrorDismissed(state) {
      state.error = null;
    },
    /** The player read why they are off the device and goes back to the scanner. */
    playEndedDismissed(state) {
      state.ended = null;
    },
  },
  extraReducers: (builder) => {
    // The live channel: the whole state on (re)connecting, then every change as it happens.
    builder.addCase(liveHello, (state, action) => {
      if (state.loading) return;
      followLive(state, action.payload.play);
      if (action.payload.play.device) state.ended = null;
    });
    builder.addCase(livePlay, (state, action) => {
      const { reason, play, at, gameId } = action.payload;
      followLive(state, play);
      if (
        (reason === 'match_over' || reason === 'removed' || reason === 'expired') &&
        at &&
        !play.device
      ) {
        state.ended = { reason, device: at, gameId };
        // What failed on that device (a stop refused mid-match) no longer holds.
        state.error = null;
      } else if (play.device) state.ended = null;
    });
    // Another player may sign in next on this browser: nothing of the last one stays.
    builder.addMatcher(isSignedOut, () => initialPlayState);
  },
  selectors: {
    selectPlay: (state) => state,
    selectCurrentDevice: (state) => state.device,
    selectPlayLoading: (state) => state.loading,
    selectPlayError: (state) => state.error,
  },
});

declare module '../../../lib/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this slice to RootState
  interface LazyLoadedSlices extends WithSlice<typeof playSlice> {}
}

export const injectedPlaySlice = playSlice.injectInto(rootReducer);

export const {
  playOnDeviceBegin,
  playOnDeviceSuccess,
  playOnDeviceFailure,
  stopPlayingBegin,
  stopPlayingSuccess,
  stopPlayingFailure,
  currentDeviceLoaded,
  playErrorDismissed,
  playEndedDismissed,
} = playSlice.actions;

export const { selectPlay, selectCurrentDevice, selectPlayLoading, selectPlayError } =
  injectedPlaySlice.selectors;
