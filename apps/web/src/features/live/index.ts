/**
 * The live feature as the app and other features see it: the header item (the bell, with the
 * live channel behind it, loaded for a registered player only) and the actions the channel
 * dispatches, for the slices and listeners that follow them (play, profile).
 */
export { LiveHeaderItem } from './LiveHeaderItem';
export { liveGameStored, liveHello, liveNotifications, livePlay } from './state/live-actions';
