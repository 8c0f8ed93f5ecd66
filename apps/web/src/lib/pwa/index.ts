/**
 * The PWA side of the web app: service worker registration (idle start, at most 30 s), the
 * update prompt, the worker's state for other features (push), the spec's messages.
 */
import { inNativeShell } from '../native/platform';
import { mountUpdatePromptWhenReady } from './mount-update-prompt';
import { startServiceWorker, type StartPwaOptions } from './register';

export { usePwaState, pwaState, type PwaState } from './pwa-state';
export { serviceWorkerRegistration, applyUpdate } from './register';
export {
  SW_UNSUPPORTED_MESSAGE,
  NOT_SUBSCRIBED_MESSAGE,
  UNSUBSCRIBE_FAILED_MESSAGE,
  serviceWorkersSupported,
} from './messages';
export { UpdatePrompt } from './UpdatePrompt';

/**
 * Call once from main.tsx after the first render. In the native shell there is no service worker
 * (the app's files are in the app and live updates replace them), so nothing happens there.
 */
export function startPwa(options: StartPwaOptions = {}): void {
  if (inNativeShell()) return;
  startServiceWorker(options);
  mountUpdatePromptWhenReady();
}
