import type { PushSubscriptionInput } from '@arcadia/contracts';
import {
  PushServerError,
  base64UrlToBytes,
  type PushBrowser,
  type PushManagerLike,
  type PushServer,
  type PushSubscriptionLike,
} from '../push-flow';

/**
 * Test doubles of the browser's Push API and of our server, with the behaviour the flow relies
 * on (one subscription per worker, its key, unsubscribe ending it). The real ones run in the
 * browser journey (e2e/pwa.e2e.ts) and the server's push tests.
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
    this.current ??= new FakeSubscription(
      `https://push.example/send/${++this.counter}`,
      options.applicationServerKey,
      this,
    );
    return this.current;
  }
  /** A subscription left from earlier, made with some key. */
  existing(key: string = VAPID_KEY): FakeSubscription {
    this.current = new FakeSubscription(
      `https://push.example/send/old`,
      base64UrlToBytes(key),
      this,
    );
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

export class FakeServer implements PushServer {
  saved = new Map<string, PushSubscriptionInput>();
  key = VAPID_KEY;
  /** HTTP status to fail the next calls with. */
  failKey: number | null = null;
  failSave: number | null = null;
  failRemove: number | null = null;
  removed: string[] = [];
  language: string | null = null;
  failLanguage: number | null = null;

  async publicKey() {
    if (this.failKey) throw new PushServerError(this.failKey);
    return this.key;
  }
  async save(subscription: PushSubscriptionInput) {
    if (this.failSave) throw new PushServerError(this.failSave);
    this.saved.set(subscription.endpoint, subscription);
  }
  async remove(endpoint: string) {
    this.removed.push(endpoint);
    if (this.failRemove) throw new PushServerError(this.failRemove);
    this.saved.delete(endpoint);
  }
  async setLanguage(language: 'de' | 'en') {
    if (this.failLanguage) throw new PushServerError(this.failLanguage);
    this.language = language;
  }
}
