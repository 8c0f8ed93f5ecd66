import './styles.css';
import { hasAuthParams } from './lib/auth/callback-errors';
import { startApp, store } from './app/bootstrap';
import { finishLogin } from './features/auth/shell';
import { startNativeShellIfNative } from './lib/native/platform';

const container = document.getElementById('root')!;
const inFrame = window.self !== window.top;

if (inFrame && hasAuthParams(new URLSearchParams(window.location.search))) {
  // The hidden frame of silent renewal: hand the answer to the app in the parent, render nothing.
  void import('./lib/auth/runtime').then((runtime) =>
    runtime.completeSilentCallback(window.location.href),
  );
} else {
  // In the native apps: sign-in through the app's URL scheme and deep links, before the session.
  void startNativeShellIfNative((url) => store.dispatch(finishLogin(url))).then(() =>
    startApp(container),
  );
  // The service worker registers once the app is idle (at most 30 s); its code loads apart.
  void import('./lib/pwa').then((pwa) => pwa.startPwa());
}
