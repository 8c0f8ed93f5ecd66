import type { AppThunk } from '../../../lib/store/store';
import { navigateTo } from '../../../lib/navigation';
import { hasAuthParams } from '../../../lib/auth/callback-errors';
import { hasStoredSession } from '../../../lib/auth/stored-session';
import { setAccessTokenProvider } from '../../../lib/auth/token';
import {
  loginFailure,
  loginSuccess,
  noSession,
  selectAuthStatus,
  sessionEnded,
  sessionRetry,
  sessionUnreachable,
} from './auth-slice';
import { toAuthError } from './auth-errors';
import { loadAuthRuntime } from './session-runtime';

/**
 * Completes a sign-in from a callback URL (the web callback or the native shell's deep link):
 * success stores the account (the own profile loads next) and goes to the saved target; an error
 * is recorded and the app goes to `/`. Resolves the path it navigated to.
 */
export const finishLogin =
  (url: string): AppThunk<Promise<string>> =>
  async (dispatch) => {
    try {
      const { completeLoginFromUrl } = await loadAuthRuntime();
      const { account, returnTo } = await completeLoginFromUrl(url);
      navigateTo(returnTo, { replace: true });
      dispatch(loginSuccess({ account, fromCallback: true }));
      return returnTo;
    } catch (error) {
      dispatch(loginFailure(toAuthError(error)));
      navigateTo('/', { replace: true });
      return '/';
    }
  };

/**
 * Start-up (spec §4): registers the token provider for API calls; then a URL carrying code or
 * error plus state completes the callback; otherwise the cached tokens are retrieved (renewed
 * silently when needed) and the user looked up (1000 ms), after which the own profile loads
 * (5000 ms, see the profile request). Without cached tokens the app is anonymous at once.
 */
export const startSession =
  (href: string = window.location.href): AppThunk<Promise<void>> =>
  async (dispatch) => {
    const hooks = { onSessionEnded: () => dispatch(sessionEnded()) };
    setAccessTokenProvider(async (refused) => {
      if (!hasStoredSession()) return null;
      const runtime = await loadAuthRuntime();
      return runtime.accessToken(hooks, refused);
    });

    if (hasAuthParams(new URL(href, window.location.origin).searchParams)) {
      await dispatch(finishLogin(href));
      return;
    }
    if (!hasStoredSession()) {
      dispatch(noSession());
      return;
    }
    try {
      const runtime = await loadAuthRuntime();
      const account = await runtime.restoreSession(hooks);
      if (account) dispatch(loginSuccess({ account }));
      // No account but the tokens still stored: the renewal failed without the provider ending
      // the session (it would have removed them), so the network or the server did.
      else dispatch(hasStoredSession() ? sessionUnreachable() : noSession());
    } catch {
      // Offline, the configuration or the runtime not loaded: the session is not gone.
      dispatch(hasStoredSession() ? sessionUnreachable() : noSession());
    }
  };

/**
 * Checks the stored session again after it was unreachable at start: on the guard's retry, and
 * when the browser is back online.
 */
export const retrySession = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  if (selectAuthStatus(getState()) !== 'unreachable') return;
  dispatch(sessionRetry());
  await dispatch(startSession());
};
