import i18next from 'i18next';
import { startAppListening, type AppDispatch } from '../../../lib/store/store';
import { navigateTo } from '../../../lib/navigation';
import { withTimeout } from '../../../lib/timeout';
import { toast } from '../../../components/ui/toast-store';
import {
  loginBegin,
  loginFailure,
  loginSuccess,
  logout,
  sessionEnded,
  sessionUnreachable,
} from './auth-slice';
import { retrySession } from './auth-thunks';
import { toAuthError } from './auth-errors';
import { loadAuthRuntime } from './session-runtime';

/**
 * How long a session unreachable at start waits before it is checked again while the browser says
 * it is offline (the 'online' event comes first, as a rule), and at most while it is online.
 */
export const UNREACHABLE_RETRY_MS = 10_000;

/**
 * While the browser says it is online, the checks that keep failing wait this long, one after the
 * other, then UNREACHABLE_RETRY_MS: a phone's 'online' comes when the radio is up, often a moment
 * before a request gets through, and the player should not wait ten seconds for that moment.
 */
export const UNREACHABLE_BACKOFF_MS = [1000, 2000, 5000] as const;

/** Resolves when the browser says it is online again (never, once `signal` aborts). */
function backOnline(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    window.addEventListener('online', () => resolve(), { once: true, signal });
  });
}

/** The own-profile subscription held while signed in, so a 'Me' invalidation refetches it. */
let meSubscription: { unsubscribe(): void } | null = null;

function dropMe() {
  meSubscription?.unsubscribe();
  meSubscription = null;
}

/** Forgets every cached answer (when the API has been loaded at all). */
async function resetApi(dispatch: AppDispatch) {
  const { api } = await import('../../../lib/api/base');
  dispatch(api.util.resetApiState());
}

/** What other features do before the player signs out (given by the app shell). */
export interface AuthListenerPorts {
  /**
   * Runs while the token still works (at most 3 s, then signing out goes on): on a shared
   * device the push feature ends the browser's subscription here.
   */
  beforeSignOut?: (dispatch: AppDispatch) => Promise<unknown>;
}

async function runBeforeSignOut(ports: AuthListenerPorts, dispatch: AppDispatch) {
  if (!ports.beforeSignOut) return;
  try {
    await withTimeout(ports.beforeSignOut(dispatch), 3000, 'before sign-out');
  } catch {
    // nothing subscribed, or it took too long: signing out goes on
  }
}

/** Spec §4 Login transitions. Returns a function that removes the listeners (tests). */
export function registerAuthListeners(ports: AuthListenerPorts = {}): () => void {
  /** Checks in a row that failed while online, since the last 'online' event. */
  let failedOnline = 0;
  const stops = [
    // Login begin opens the identity provider's sign-in page.
    startAppListening({
      actionCreator: loginBegin,
      effect: async (action, { dispatch }) => {
        try {
          const runtime = await loadAuthRuntime();
          await runtime.beginLogin(action.payload.returnTo, i18next.language || 'de');
        } catch (error) {
          dispatch(loginFailure(toAuthError(error)));
        }
      },
    }),
    // Success stores the account (reducer) and loads the own profile. Right after a sign-in, a
    // 404 (no profile yet) leads to the registration (spec §4), unless the player is already
    // there or linking an existing account.
    startAppListening({
      actionCreator: loginSuccess,
      effect: async (action, { dispatch }) => {
        dropMe();
        const { meApi } = await import('../api/get-me');
        const subscription = dispatch(
          meApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }),
        );
        meSubscription = subscription;
        if (!action.payload.fromCallback) return;
        const result = await subscription;
        const path = window.location.pathname;
        if (
          result.error &&
          'status' in result.error &&
          result.error.status === 404 &&
          meSubscription === subscription &&
          !path.startsWith('/login/registration') &&
          !path.startsWith('/login/link')
        )
          navigateTo('/login/registration', { replace: true });
      },
    }),
    // Failure stores the error (reducer) and tells the person.
    startAppListening({
      actionCreator: loginFailure,
      effect: (action) => {
        toast({
          variant: 'error',
          title: i18next.t('auth.failedTitle'),
          description: action.payload.message,
        });
      },
    }),
    // Logout: forget every cached answer, sign out at the provider, back to `/`.
    startAppListening({
      actionCreator: logout,
      effect: async (action, { dispatch }) => {
        dropMe();
        await runBeforeSignOut(ports, dispatch);
        await resetApi(dispatch);
        try {
          const runtime = await loadAuthRuntime();
          if (await runtime.endSessionAtProvider({ tokenEnded: action.payload.tokenEnded })) return;
        } catch {
          // the provider is unreachable: the local session is gone anyway
        }
        navigateTo('/', { replace: true });
      },
    }),
    // A stored session that could not be checked at start (offline, the server away) is checked
    // again every little while (sooner while the browser says it is online), and at once when the
    // browser says it is back online.
    startAppListening({
      actionCreator: sessionUnreachable,
      effect: async (_action, listener) => {
        listener.cancelActiveListeners();
        const wait = navigator.onLine
          ? (UNREACHABLE_BACKOFF_MS[failedOnline++] ?? UNREACHABLE_RETRY_MS)
          : UNREACHABLE_RETRY_MS;
        await Promise.race([
          listener.delay(wait),
          backOnline(listener.signal).then(() => {
            failedOnline = 0;
          }),
        ]);
        await listener.dispatch(retrySession());
      },
    }),
    // The provider ended the session: forget it here, without any redirect.
    startAppListening({
      actionCreator: sessionEnded,
      effect: async (_action, { dispatch }) => {
        dropMe();
        await resetApi(dispatch);
      },
    }),
  ];
  return () => {
    for (const stop of stops) stop();
    dropMe();
  };
}
