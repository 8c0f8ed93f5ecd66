import { describe, expect, it } from 'vitest';
import { chooseWindow, notificationFromPush, notificationUrl } from './push-notification';
import { NOTIFICATION_ASSETS } from './sw-protocol';

describe('a push becomes a notification', () => {
  it('shows the server’s localised message with our icon and badge', () => {
    const payload = JSON.stringify({
      title: 'Dein Spielergebnis ist da',
      body: 'Gewonnen! 1200 Punkte, 9 Kills, 3 Deaths.',
      url: '/profile/7b0c/games',
      tag: 'game-42',
    });
    expect(notificationFromPush(payload, NOTIFICATION_ASSETS)).toEqual({
      title: 'Dein Spielergebnis ist da',
      options: {
        body: 'Gewonnen! 1200 Punkte, 9 Kills, 3 Deaths.',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        tag: 'game-42',
        data: { url: '/profile/7b0c/games' },
      },
    });
  });

  it('still shows something for a payload that is not ours', () => {
    expect(notificationFromPush('Hallo', NOTIFICATION_ASSETS)).toMatchObject({
      title: 'Arcadia',
      options: { body: 'Hallo', data: { url: '/home' } },
    });
    const empty = notificationFromPush(null, NOTIFICATION_ASSETS);
    expect(empty).toMatchObject({
      title: 'Arcadia',
      options: { body: '', data: { url: '/home' } },
    });
    expect(empty.options).not.toHaveProperty('tag');
    expect(notificationFromPush('{"title":5,"body":["x"]}', NOTIFICATION_ASSETS)).toMatchObject({
      title: 'Arcadia',
      options: { body: '' },
    });
  });

  it('never opens another site: a foreign url becomes the start page', () => {
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)']) {
      const plan = notificationFromPush(
        JSON.stringify({ title: 't', body: 'b', url, tag: 'x' }),
        NOTIFICATION_ASSETS,
      );
      expect(plan.options.data.url).toBe('/home');
    }
    expect(notificationUrl({ url: '/news/a' })).toBe('/news/a');
    expect(notificationUrl({ url: 'https://evil.example/' })).toBe('/home');
    expect(notificationUrl(null)).toBe('/home');
    expect(notificationUrl(undefined)).toBe('/home');
  });
});

describe('a notification click picks a window', () => {
  const origin = 'https://arcadia.example';
  const win = (
    url: string,
    focused = false,
    visibilityState: DocumentVisibilityState = 'hidden',
  ) => ({
    url,
    focused,
    visibilityState,
  });

  it('prefers the focused window, then a visible one, then any of ours', () => {
    const a = win(`${origin}/home`);
    const b = win(`${origin}/news/x`, false, 'visible');
    const c = win(`${origin}/settings`, true, 'visible');
    expect(chooseWindow([a, b, c], origin)).toBe(c);
    expect(chooseWindow([a, b], origin)).toBe(b);
    expect(chooseWindow([a], origin)).toBe(a);
  });

  it('ignores windows of other origins, and finds none when no window is ours', () => {
    const foreign = win('https://arcadia.example.evil.com/home', true, 'visible');
    expect(chooseWindow([foreign], origin)).toBeUndefined();
    expect(chooseWindow([win('not a url', true)], origin)).toBeUndefined();
    expect(chooseWindow([], origin)).toBeUndefined();
  });
});
