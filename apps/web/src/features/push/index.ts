/**
 * Push notifications, the client side: the settings control and what signing out needs.
 * The service worker that shows the notifications is `src/sw.ts`.
 */
export { PushSettings, type PushSettingsProps } from './components/PushSettings';
export {
  forgetPushSubscription,
  loadPushStatus,
  setPushEnabled,
  apiPushServer,
  type PushPorts,
} from './push-thunks';
export { pushSlice, selectPush, type PushState } from './push-slice';
export {
  PushError,
  type PushStatus,
  type PushErrorKey,
  type PushBrowser,
  type PushServer,
  type PushManagerLike,
  type PushSubscriptionLike,
} from './push-flow';
