/**
 * The play feature's public face: the play state (spec §3) and the start-up listener that loads
 * the current device after the own profile loads (spec §4). Kept free of the API and the
 * contracts' schemas, so the app can register the listener from its first bundle. The page
 * (`PlayPage.tsx`) is loaded lazily by the router.
 */
export {
  playSlice,
  selectPlay,
  selectCurrentDevice,
  selectPlayLoading,
  selectPlayError,
  type PlayState,
} from './state/play-slice';
export { registerPlayListeners } from './state/play-listeners';
