import { pushSubscriptionSchema } from '@arcadia/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  base64UrlToBytes,
  PUSH_SUBSCRIBE_TIMEOUT_MS,
  PushError,
  readPushStatus,
  turnOff,
  turnOn,
} from './push-flow';
import { FakeBrowser, PushRoutes as FakeServer, VAPID_KEY } from '../../testing/fake-push';

let browser: FakeBrowser;
let server: FakeServer;
beforeEach(() => {
  browser = new FakeBrowser();
  server = new FakeServer();
});

async function failure(promise: Promise<unknown>): Promise<PushError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PushError) return error;
    throw error;
  }
  throw new Error('expected a PushError');
}

describe('reading the state never asks for anything', () => {
  it('is off before anything happened, without a prompt or a registration', async () => {
    expect(await readPushStatus(browser)).toBe('off');
    expect(browser.prompts).toBe(0);
    expect(browser.registered).toBe(false);
  });

  it('is on with a subscription and the permission; denied when blocked; unsupported without', async () => {
    browser.registered = true;
    browser.permissionState = 'granted';
    browser.manager.existing();
    expect(await readPushStatus(browser)).toBe('on');
    browser.permissionState = 'denied';
    expect(await readPushStatus(browser)).toBe('denied');
    browser.isSupported = false;
    expect(await readPushStatus(browser)).toBe('unsupported');
  });

  it('a subscription without the permission (revoked later) reads as off', async () => {
    browser.registered = true;
    browser.permissionState = 'default';
    browser.manager.existing();
    expect(await readPushStatus(browser)).toBe('off');
  });
});

describe('turning notifications on', () => {
  it('asks for the permission, subscribes with the server’s VAPID key and sends the subscription', async () => {
    expect(await turnOn(browser, server)).toBe('on');
    expect(browser.prompts).toBe(1);
    const subscription = browser.manager.current!;
    expect(new Uint8Array(subscription.options.applicationServerKey)).toEqual(
      base64UrlToBytes(VAPID_KEY),
    );
    const saved = server.saved.get(subscription.endpoint);
    // What the server receives passes the contract it validates with.
    expect(pushSubscriptionSchema.parse(saved)).toEqual(saved);
    expect(await readPushStatus(browser)).toBe('on');
  });

  it('tells the server the app’s language for the texts, and turns on even if that fails', async () => {
    await turnOn(browser, server, 'en');
    expect(server.language).toBe('en');
    const other = new FakeServer();
    other.failLanguage = 500;
    expect(await turnOn(new FakeBrowser(), other, 'de')).toBe('on');
    // Without a known language nothing is changed.
    const quiet = new FakeServer();
    await turnOn(new FakeBrowser(), quiet, 'fr');
    await turnOn(new FakeBrowser(), quiet);
    expect(quiet.language).toBeNull();
  });

  it('does not ask again when the permission was given before', async () => {
    browser.permissionState = 'granted';
    await turnOn(browser, server);
    expect(browser.prompts).toBe(0);
  });

  it('a refused prompt subscribes nothing', async () => {
    browser.promptAnswer = 'denied';
    expect((await failure(turnOn(browser, server))).key).toBe('permissionDenied');
    expect(browser.manager.subscribeCalls).toBe(0);
    expect(server.saved.size).toBe(0);
    expect(await readPushStatus(browser)).toBe('denied');
    // Dismissing the prompt ("default") counts as no, too.
    const other = new FakeBrowser();
    other.promptAnswer = 'default';
    expect((await failure(turnOn(other, server))).key).toBe('permissionDenied');
  });

  it('without service workers: the spec’s message, and no prompt', async () => {
    browser.isSupported = false;
    const error = await failure(turnOn(browser, server));
    expect(error.key).toBe('swUnsupported');
    expect(error.message).toBe('Service workers are disabled or not supported by this browser');
    expect(browser.prompts).toBe(0);
  });

  it('reuses the browser’s subscription when it has our key', async () => {
    browser.registered = true;
    const old = browser.manager.existing(VAPID_KEY);
    await turnOn(browser, server);
    expect(browser.manager.subscribeCalls).toBe(0);
    expect(server.saved.has(old.endpoint)).toBe(true);
  });

  it('replaces a subscription made with another key (the server’s keys changed)', async () => {
    browser.registered = true;
    const other =
      'BCe2IXcXe1uHjWC_wvacavQMO6JnNeYlhZBqqKe5YIzVkeA0q0GdWAYzbs_Btkvohe6ioCBmasT20ZuA1Kxdxqw';
    const old = browser.manager.existing(other);
    await turnOn(browser, server);
    expect(old.ended).toBe(true);
    expect(browser.manager.current).not.toBe(old);
    expect([...server.saved.keys()]).toEqual([browser.manager.current!.endpoint]);
  });

  it('when the server refuses, the browser’s subscription is undone (never "on" for nothing)', async () => {
    for (const [status, key] of [
      [401, 'signInRequired'],
      [404, 'registrationRequired'],
      [500, 'serverFailed'],
      ['FETCH_ERROR', 'serverFailed'],
    ] as const) {
      const b = new FakeBrowser();
      const s = new FakeServer();
      s.failSave = status;
      expect((await failure(turnOn(b, s))).key).toBe(key);
      expect(b.manager.current).toBeNull();
      expect(await readPushStatus(b)).toBe('off');
    }
  });

  it('a key the server cannot give stops before subscribing', async () => {
    server.failKey = 503;
    expect((await failure(turnOn(browser, server))).key).toBe('serverFailed');
    expect(browser.manager.subscribeCalls).toBe(0);
  });

  it('a push service that never answers: after a while it failed, the switch does not spin on', async () => {
    vi.useFakeTimers();
    try {
      browser.manager.subscribeHangs = true;
      const result = failure(turnOn(browser, server));
      await vi.advanceTimersByTimeAsync(PUSH_SUBSCRIBE_TIMEOUT_MS);
      expect((await result).key).toBe('subscribeFailed');
      expect(server.saved.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a push service that refuses the subscription', async () => {
    browser.manager.subscribeError = new DOMException('push service error', 'AbortError');
    const error = await failure(turnOn(browser, server));
    expect(error.key).toBe('subscribeFailed');
    expect(server.saved.size).toBe(0);
  });
});

describe('turning notifications off', () => {
  beforeEach(async () => {
    await turnOn(browser, server);
  });

  it('ends the browser’s subscription and removes it at the server', async () => {
    const { endpoint } = browser.manager.current!;
    expect(await turnOff(browser, server)).toBe('off');
    expect(browser.manager.current).toBeNull();
    expect(server.removed).toEqual([endpoint]);
    expect(server.saved.size).toBe(0);
  });

  it('without a subscription: "Not subscribed to push notifications."', async () => {
    await turnOff(browser, server);
    const error = await failure(turnOff(browser, server));
    expect(error.key).toBe('notSubscribed');
    expect(error.message).toBe('Not subscribed to push notifications.');
    // Also when the worker was never registered.
    const fresh = new FakeBrowser();
    expect((await failure(turnOff(fresh, server))).message).toBe(
      'Not subscribed to push notifications.',
    );
  });

  it('when the browser cannot end it: "Unsubscribe failed!", and the server keeps it', async () => {
    for (const result of [false, new Error('boom')] as const) {
      browser.manager.unsubscribeResult = result;
      const error = await failure(turnOff(browser, server));
      expect(error.key).toBe('unsubscribeFailed');
      expect(error.message).toBe('Unsubscribe failed!');
      expect(server.removed).toEqual([]);
      expect(await readPushStatus(browser)).toBe('on');
    }
  });

  it('a server that cannot be reached does not keep it on (the push service drops it)', async () => {
    server.failRemove = 503;
    expect(await turnOff(browser, server)).toBe('off');
    expect(await readPushStatus(browser)).toBe('off');
  });
});

describe('base64url', () => {
  it('decodes the VAPID key to the 65 bytes of an uncompressed P-256 point', () => {
    const bytes = base64UrlToBytes(VAPID_KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(base64UrlToBytes('-_8')).toEqual(new Uint8Array([0xfb, 0xff]));
  });
});
