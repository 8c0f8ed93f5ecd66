/** The in-app notification list (the bell) as other features see it. */
export { addEachStatement, deleteFriendNoticesNaming } from './notifications';
export { liveChannelStats } from './hub';
