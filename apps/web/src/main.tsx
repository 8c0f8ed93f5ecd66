import './styles.css';
import { hasAuthParams } from './lib/auth/callback-errors';
import { startApp } from './app/bootstrap';

const container = document.getElementById('root')!;
const inFrame = window.self !== window.top;

if (inFrame && hasAuthParams(new URLSearchParams(window.location.search))) {
  // The hidden frame of silent renewal: hand the answer to the app in the parent, render nothing.
  void import('./lib/auth/runtime').then((runtime) =>
    runtime.completeSilentCallback(window.location.href),
  );
} else {
  void startApp(container);
}
