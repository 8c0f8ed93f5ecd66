import { useLiveChannel } from '../use-live-channel';
import { NotificationBell } from './NotificationBell';

/** Loaded once a registered player is signed in: the open live channel and the bell. */
export function LiveConnection({ userId }: { userId: string }) {
  useLiveChannel(userId);
  return <NotificationBell />;
}
