/** The browser-journey harness: a real server, Chromium, the identity pages, screenshots, axe. */
export { startServer, freePort, repoRoot, type E2eServer, type ServerOptions } from './server';
export {
  launchBrowser,
  openPage,
  HEADLESS_ARGS,
  CHROMIUM_PATH,
  MOBILE,
  DESKTOP,
  overlaysClosed,
  type LaunchOptions,
  type PageOptions,
} from './browser';
export { screenshot, SCREENSHOT_DIR } from './screenshots';
export { expectAccessible, type AxeOptions } from './axe';
export {
  newAccount,
  signUp,
  signIn,
  signOut,
  openProviderSignIn,
  submitSignIn,
  type NewAccount,
} from './identity';
export { outboxMail, outboxLink, type OutboxMail } from './outbox';
export { trackRequests, recordActivity } from './network';
