import type { HttpHandler } from 'msw';
import type { PushSubscriptionInput } from '@arcadia/contracts';
import { makeStore } from '../lib/store/store';
import {
  apiPushServer,
  type PushBrowser,
  type PushManagerLike,
  type PushServer,
  type PushSubscriptionLike,
} from '../features/push';
import { apiError, handlers, networkError, server } from './api';
import { neo } from './factories';

/**
 * Test doubles of the browser's Push API, with the behaviour the flow relies on (one
 * subscription per worker, its key, unsubscribe ending it), and our server's push routes on the
 * fake API. The real ones run in the browser journey (e2e/pwa.e2e.ts) and the server's push tests.
 */

// Real P-256 public keys and a 16-byte auth secret, base64url as browsers and servers send them.
export const P256DH =
  'BCe2IXcXe1uHjWC_wvacavQMO6JnNeYlhZBqqKe5YIzVkeA0q0GdWAYzbs_Btkvohe6ioCBmasT20ZuA1Kxdxqw';
export const AUTH = 'HOobMJloncDFplusqNmZBA';
export const VAPID_KEY =
  'BP5c7I8O5U9PfM8wxOv81_qr79RExgTNtAIqbXhm5p61tDJt-F_uCkKnrDJP1vjE9tjPvtsie0qKjxjdCNT035U';

export class FakeSubscription implements PushSubscriptionLike {
  ended = false;
  constructor(
    readonly endpoint: string,
    private readonly key: Uint8Array,
    private readonly owner: FakePushManager,
  ) {}
  get options() {
    return { applicationServerKey: this.key.slice().buffer };
  }
  toJSON(): PushSubscriptionJSON {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } };
  }
  async unsubscribe(): Promise<boolean> {
    if (this.owner.unsubscribeResult !== true) {
      if (this.owner.unsubscribeResult instanceof Error) throw this.owner.unsubscribeResult;
      return false;
    }
    this.ended = true;
    if (this.owner.current === this) this.owner.current = null;
    return true;
  }
}

export class FakePushManager implements PushManagerLike {
  current: FakeSubscription | null = null;
  subscribeError: Error | null = null;
  /** A push service that never answers (seen in headless Chromium). */
  subscribeHangs = false;
  unsubscribeResult: true | false | Error = true;
  subscribeCalls = 0;
  private counter = 0;

  async getSubscription() {
    return this.current;
  }
  async subscribe(options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) {
    this.subscribeCalls++;
    if (!options.userVisibleOnly) throw new Error('userVisibleOnly is required');
    if (this.subscribeError) throw this.subscribeError;
    if (this.subscribeHangs) return new Promise<never>(() => undefined);
    this.current ??= new FakeSubscription(
      `https://push.example/send/${++this.counter}`,
      options.applicationServerKey,
      this,
    );
    return this.current;
  }
  /** A subscription left from earlier, made with some key. */
  existing(key: string = VAPID_KEY): FakeSubscription {
    this.current = new FakeSubscription(`https://push.example/send/old`, keyBytes(key), this);
    return this.current;
  }
}

export class FakeBrowser implements PushBrowser {
  manager = new FakePushManager();
  permissionState: NotificationPermission = 'default';
  /** What the prompt answers. */
  promptAnswer: NotificationPermission = 'granted';
  prompts = 0;
  registered = false;
  isSupported = true;

  supported() {
    return this.isSupported;
  }
  permission() {
    return this.permissionState;
  }
  async requestPermission() {
    this.prompts++;
    this.permissionState = this.promptAnswer;
    return this.permissionState;
  }
  async pushManager(register: boolean) {
    if (register) this.registered = true;
    return this.registered ? this.manager : undefined;
  }
}

/** The bytes of a base64url key (as `applicationServerKey` holds them). */
function keyBytes(key: string): Uint8Array {
  const base64 = key.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

type Failure = number | 'FETCH_ERROR' | null;
const failed = (status: Exclude<Failure, null>) =>
  status === 'FETCH_ERROR' ? networkError() : apiError(status, 'failed', `HTTP ${status}`);

/**
 * Our server's push routes (public key, subscriptions; the notification language on the own
 * profile) on the fake API, with what they were sent, reached through the app's own API client
 * (`apiPushServer`, over a store of its own). Installs its handlers when made: the latest one
 * made answers.
 */
export class PushRoutes implements PushServer {
  private readonly client = apiPushServer(makeStore().dispatch);
  saved = new Map<string, PushSubscriptionInput>();
  key = VAPID_KEY;
  /** HTTP status to fail the next calls with. */
  failKey: Failure = null;
  failSave: Failure = null;
  failRemove: Failure = null;
  removed: string[] = [];
  language: string | null = null;
  failLanguage: Failure = null;

  constructor() {
    server.use(...this.handlers());
  }

  publicKey() {
    return this.client.publicKey();
  }
  save(subscription: PushSubscriptionInput) {
    return this.client.save(subscription);
  }
  remove(endpoint: string) {
    return this.client.remove(endpoint);
  }
  setLanguage(language: 'de' | 'en') {
    return this.client.setLanguage(language);
  }

  handlers(): HttpHandler[] {
    return [
      handlers.getPushPublicKey(() => {
        if (this.failKey) return failed(this.failKey);
        return { body: { publicKey: this.key } };
      }),
      handlers.savePushSubscription(({ body }) => {
        if (this.failSave) return failed(this.failSave);
        this.saved.set(body.endpoint, body);
        return { status: 201, body: { success: true } };
      }),
      handlers.deletePushSubscription(({ body }) => {
        this.removed.push(body.endpoint);
        if (this.failRemove) return failed(this.failRemove);
        this.saved.delete(body.endpoint);
        return { body: { success: true } };
      }),
      handlers.updateOwnProfile(({ body }) => {
        if (this.failLanguage) return failed(this.failLanguage);
        this.language = body.language ?? null;
        return { body: { ...neo(), language: body.language ?? 'de' } };
      }),
    ];
  }
}
