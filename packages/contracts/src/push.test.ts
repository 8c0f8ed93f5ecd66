import { describe, expect, it } from 'vitest';
import { pushMessageSchema, pushSubscriptionSchema } from './push';

const p256dh = `B${'A'.repeat(86)}`;
const auth = 'A'.repeat(22);

describe('push contracts', () => {
  it('accepts what PushSubscription.toJSON() gives', () => {
    const body = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
      expirationTime: null,
      keys: { p256dh, auth },
    };
    expect(pushSubscriptionSchema.parse(body)).toEqual(body);
  });

  it.each([
    [{ endpoint: 'ftp://push.example/x', keys: { p256dh, auth } }, 'endpoint'],
    [{ endpoint: 'javascript:alert(1)', keys: { p256dh, auth } }, 'endpoint'],
    [{ endpoint: 'https://push.example/x', keys: { p256dh: 'A'.repeat(87), auth } }, 'keys.p256dh'],
    [{ endpoint: 'https://push.example/x', keys: { p256dh, auth: 'short' } }, 'keys.auth'],
    [{ endpoint: 'https://push.example/x' }, 'keys'],
  ])('refuses %j at %s', (body, path) => {
    const result = pushSubscriptionSchema.safeParse(body);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([path]);
  });

  it('a message opens a path of the app', () => {
    const message = { title: 't', body: 'b', url: '/news/x', tag: 'news-x' };
    expect(pushMessageSchema.parse(message)).toEqual(message);
    for (const url of ['https://evil.example', '//evil.example', '/\\evil.example'])
      expect(pushMessageSchema.safeParse({ ...message, url }).success, url).toBe(false);
  });
});
