import type { PushSubscriptionInput } from '@arcadia/contracts';
import {
  NOT_SUBSCRIBED_MESSAGE,
  SW_UNSUPPORTED_MESSAGE,
  UNSUBSCRIBE_FAILED_MESSAGE,
} from '../../lib/pwa';

/**
 * Turning notifications on and off, apart from React and Redux. The browser and the server are
 * ports (the real ones in `browser-push.ts` and `push-thunks.ts`), so every path is unit-tested.
 */

/** What the settings control shows. `denied`: the player blocked notifications in the browser. */
export type PushStatus = 'unsupported' | 'denied' | 'off' | 'on';

export type PushErrorKey =
  | 'swUnsupported'
  | 'notSubscribed'
  | 'unsubscribeFailed'
  | 'permissionDenied'
  | 'subscribeFailed'
  | 'signInRequired'
  | 'registrationRequired'
  | 'serverFailed';

/** A failed turn on/off; `message` is the spec's English text where it has one (for logs). */
export class PushError extends Error {
  constructor(
    readonly key: PushErrorKey,
    message: string = key,
  ) {
    super(message);
    this.name = 'PushError';
  }
}

export interface PushSubscriptionLike {
  readonly endpoint: string;
  readonly options?: { readonly applicationServerKey: ArrayBuffer | null };
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

export interface PushManagerLike {
  getSubscription(): Promise<PushSubscriptionLike | null>;
  subscribe(options: {
    userVisibleOnly: boolean;
    applicationServerKey: Uint8Array<ArrayBuffer>;
  }): Promise<PushSubscriptionLike>;
}

export interface PushBrowser {
  /** Service worker, Push API and notifications are all there. */
  supported(): boolean;
  permission(): NotificationPermission;
  /** The browser's prompt; only ever called from the player's click. */
  requestPermission(): Promise<NotificationPermission>;
  /** The push manager of the app's worker; `register` makes sure the worker is registered. */
  pushManager(register: boolean): Promise<PushManagerLike | undefined>;
}

export interface PushServer {
  publicKey(): Promise<string>;
  save(subscription: PushSubscriptionInput): Promise<void>;
  remove(endpoint: string): Promise<void>;
  /** The language the server writes this player's notifications in. */
  setLanguage(language: 'de' | 'en'): Promise<void>;
}

/** A failed call to our server: its HTTP status when there was an answer. */
export class PushServerError extends Error {
  constructor(readonly status: number | string) {
    super(`push server call failed (${status})`);
    this.name = 'PushServerError';
  }
}

/** base64url (the VAPID key as the server gives it) to bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(key: ArrayBuffer | null | undefined, expected: Uint8Array): boolean {
  if (!key) return false;
  const actual = new Uint8Array(key);
  return actual.length === expected.length && actual.every((b, i) => b === expected[i]);
}

export function toSubscriptionInput(subscription: PushSubscriptionLike): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

function serverError(error: unknown): PushError {
  const status = error instanceof PushServerError ? error.status : undefined;
  if (status === 401) return new PushError('signInRequired');
  // The subscription belongs to a profile: a signed-in player without one must register first.
  if (status === 404) return new PushError('registrationRequired');
  return new PushError('serverFailed');
}

/**
 * How long the browser's push service may take to subscribe: one that never answers (seen in a
 * headless Chromium) would leave the switch at "turning on" for good.
 */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 20_000;

/** The promise's answer, or a rejection once `ms` have passed without one. */
function answerWithin<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** What the control shows now; never asks for anything and never registers the worker. */
export async function readPushStatus(browser: PushBrowser): Promise<PushStatus> {
  if (!browser.supported()) return 'unsupported';
  const permission = browser.permission();
  if (permission === 'denied') return 'denied';
  const manager = await browser.pushManager(false);
  const subscription = await manager?.getSubscription();
  return subscription && permission === 'granted' ? 'on' : 'off';
}

/**
 * Turns notifications on (from the player's click): the permission prompt first (while the click
 * still counts as the player's), then a subscription with the server's VAPID key, then the
 * server stores it, and learns the app's language for the texts. When the server refuses, the browser's subscription is undone again, so the
 * control never shows "on" for a subscription the server does not know.
 */
export async function turnOn(
  browser: PushBrowser,
  server: PushServer,
  language?: string,
): Promise<PushStatus> {
  if (!browser.supported()) throw new PushError('swUnsupported', SW_UNSUPPORTED_MESSAGE);
  let permission = browser.permission();
  if (permission === 'default') permission = await browser.requestPermission();
  if (permission !== 'granted') throw new PushError('permissionDenied');

  let key: Uint8Array<ArrayBuffer>;
  try {
    key = base64UrlToBytes(await server.publicKey());
  } catch (error) {
    throw serverError(error);
  }
  const manager = await browser.pushManager(true);
  if (!manager) throw new PushError('swUnsupported', SW_UNSUPPORTED_MESSAGE);

  let subscription = await manager.getSubscription();
  // A subscription made with another key (the server's keys changed) cannot receive our pushes.
  if (
    subscription &&
    subscription.options &&
    !sameKey(subscription.options.applicationServerKey, key)
  ) {
    await subscription.unsubscribe().catch(() => false);
    subscription = null;
  }
  if (!subscription) {
    try {
      subscription = await answerWithin(
        manager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
        PUSH_SUBSCRIBE_TIMEOUT_MS,
      );
    } catch (error) {
      throw new PushError(
        'subscribeFailed',
        error instanceof Error ? error.message : 'subscribe failed',
      );
    }
  }
  try {
    await server.save(toSubscriptionInput(subscription));
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    throw serverError(error);
  }
  // Notifications come in the language the app is used in now (best effort: the default is German).
  if (language === 'de' || language === 'en')
    await server.setLanguage(language).catch(() => undefined);
  return 'on';
}

/**
 * Turns notifications off: the browser's subscription ends (so nothing can arrive any more), then
 * the server forgets it. Without one: 'Not subscribed to push notifications.'; when the browser
 * cannot end it: 'Unsubscribe failed!' (spec §8). The server's forgetting is best effort: if that
 * call fails, the push service answers "gone" at the next push and the server drops it then.
 */
export async function turnOff(browser: PushBrowser, server: PushServer): Promise<PushStatus> {
  if (!browser.supported()) throw new PushError('swUnsupported', SW_UNSUPPORTED_MESSAGE);
  const manager = await browser.pushManager(false);
  const subscription = await manager?.getSubscription();
  if (!subscription) throw new PushError('notSubscribed', NOT_SUBSCRIBED_MESSAGE);
  const { endpoint } = subscription;
  const unsubscribed = await subscription.unsubscribe().catch(() => false);
  if (!unsubscribed) throw new PushError('unsubscribeFailed', UNSUBSCRIBE_FAILED_MESSAGE);
  await server.remove(endpoint).catch(() => undefined);
  return 'off';
}
