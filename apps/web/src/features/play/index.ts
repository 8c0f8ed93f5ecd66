/**
 * The play feature's public face: the play state (spec §3) and its transitions (spec §4). The
 * page itself (`PlayPage.tsx`) is loaded lazily by the router and is not exported here.
 */
export {
  playSlice,
  selectPlay,
  selectCurrentDevice,
  selectPlayLoading,
  selectPlayError,
  type PlayState,
} from './state/play-slice';
export { playOnDevice, stopPlaying, loadCurrentDevice } from './state/play-thunks';
export { registerPlayListeners } from './state/play-listeners';
