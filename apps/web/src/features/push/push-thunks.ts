import type { AppThunk } from '../../lib/store/store';
import type { ApiFailure } from '../../lib/api/failure';
import { deletePushSubscriptionApi } from './api/delete-subscription';
import { getPushPublicKeyApi } from './api/get-public-key';
import { savePushSubscriptionApi } from './api/save-subscription';
import { updateNotificationLanguageApi } from './api/update-language';
import { browserPush } from './browser-push';
import {
  PushError,
  PushServerError,
  readPushStatus,
  turnOff,
  turnOn,
  type PushBrowser,
  type PushServer,
} from './push-flow';
import { pushChangeBegin, pushChangeDone, pushChangeFailed, pushStatusRead } from './push-slice';

/** The dispatch a thunk gets (RTK Query requests go through it). */
type Dispatch = Parameters<AppThunk>[0];

function failed(error: unknown): PushServerError {
  const status = (error as Partial<ApiFailure> | undefined)?.status;
  return new PushServerError(status ?? 'unknown');
}

/** Our server through the app's API client (bearer token, contracts-checked answers). */
export function apiPushServer(dispatch: Dispatch): PushServer {
  return {
    async publicKey() {
      const request = dispatch(getPushPublicKeyApi.endpoints.getPushPublicKey.initiate());
      try {
        return (await request.unwrap()).publicKey;
      } catch (error) {
        throw failed(error);
      } finally {
        request.unsubscribe();
      }
    },
    async save(subscription) {
      try {
        await dispatch(
          savePushSubscriptionApi.endpoints.savePushSubscription.initiate(subscription),
        ).unwrap();
      } catch (error) {
        throw failed(error);
      }
    },
    async remove(endpoint) {
      try {
        await dispatch(
          deletePushSubscriptionApi.endpoints.deletePushSubscription.initiate(endpoint),
        ).unwrap();
      } catch (error) {
        throw failed(error);
      }
    },
    async setLanguage(language) {
      try {
        await dispatch(
          updateNotificationLanguageApi.endpoints.updateNotificationLanguage.initiate(language),
        ).unwrap();
      } catch (error) {
        throw failed(error);
      }
    },
  };
}

/** The ports a thunk uses; tests pass their own. */
export interface PushPorts {
  browser?: PushBrowser;
  server?: PushServer;
}

const portsOf = (dispatch: Dispatch, ports: PushPorts) => ({
  browser: ports.browser ?? browserPush,
  server: ports.server ?? apiPushServer(dispatch),
});

/** Reads what the control shows (on mount; never prompts). */
export const loadPushStatus =
  (ports: PushPorts = {}): AppThunk<Promise<void>> =>
  async (dispatch) => {
    const { browser } = portsOf(dispatch, ports);
    dispatch(pushStatusRead(await readPushStatus(browser).catch(() => 'off' as const)));
  };

/** The player's click on the switch: on or off; `language` is the app's current language. */
export const setPushEnabled =
  (enabled: boolean, ports: PushPorts = {}, language?: string): AppThunk<Promise<void>> =>
  async (dispatch) => {
    const { browser, server } = portsOf(dispatch, ports);
    dispatch(pushChangeBegin());
    try {
      const status = enabled
        ? await turnOn(browser, server, language)
        : await turnOff(browser, server);
      dispatch(pushChangeDone(status));
    } catch (error) {
      const key = error instanceof PushError ? error.key : 'serverFailed';
      if (!(error instanceof PushError)) console.error(error);
      const status = await readPushStatus(browser).catch(() => 'off' as const);
      dispatch(pushChangeFailed({ error: key, status }));
    }
  };

/**
 * Signing out on a shared device: this browser stops getting the player's notifications. Ends the
 * subscription here and at the server (while the token still works); quiet when there is none.
 */
export const forgetPushSubscription =
  (ports: PushPorts = {}): AppThunk<Promise<void>> =>
  async (dispatch) => {
    const { browser, server } = portsOf(dispatch, ports);
    try {
      dispatch(pushStatusRead(await turnOff(browser, server)));
    } catch {
      // nothing to forget, or no service worker: nothing arrives here anyway
    }
  };
