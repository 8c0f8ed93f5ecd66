import { serviceWorkerRegistration, serviceWorkersSupported } from '../../lib/pwa';
import type { PushBrowser, PushManagerLike } from './push-flow';

/** The real browser: the app's service worker registration, the Push API and Notification. */
export const browserPush: PushBrowser = {
  supported: () => serviceWorkersSupported() && 'PushManager' in window && 'Notification' in window,
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  async pushManager(register: boolean): Promise<PushManagerLike | undefined> {
    const registration = register
      ? await serviceWorkerRegistration()
      : await navigator.serviceWorker.getRegistration('/');
    return registration?.pushManager;
  },
};
