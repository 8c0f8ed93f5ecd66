import { describe, expect, it, vi } from 'vitest';
import { routeDeepLink, type DeepLinkConfig } from './deep-links';
import { createDeepLinkHandler } from './shell';
import { nativeAppUrl, NATIVE_APP_SCHEME } from './config';

const config: DeepLinkConfig = {
  callbackScheme: 'de.arcadia.app',
  appUrl: 'https://arcadia.example',
};
const route = (url: string, c: DeepLinkConfig = config) => routeDeepLink(url, c);

describe('deep links: the callback scheme completes the login', () => {
  it('routes the login callback with its code and state, unchanged', () => {
    const url =
      'de.arcadia.app://callback?code=abc&state=xyz&iss=https%3A%2F%2Farcadia.example%2Foidc';
    expect(route(url)).toEqual({ kind: 'callback', url });
  });

  it('routes an error answer from the provider to the login too (it records the error)', () => {
    const url = 'de.arcadia.app://callback?error=access_denied&error_description=nope&state=xyz';
    expect(route(url)).toEqual({ kind: 'callback', url });
  });

  it('any link of the scheme starts with it, so it goes to the login (spec §2)', () => {
    for (const url of [
      'de.arcadia.app://callback',
      'de.arcadia.app:/callback?code=1',
      'DE.ARCADIA.APP://callback?code=1&state=2',
    ]) {
      expect(route(url)).toEqual({ kind: 'callback', url });
    }
  });

  it('the return from the provider’s sign-out page only closes the browser', () => {
    expect(route('de.arcadia.app://logout')).toEqual({ kind: 'signedOut' });
    expect(route('de.arcadia.app://logout/')).toEqual({ kind: 'signedOut' });
    expect(route('de.arcadia.app:/logout')).toEqual({ kind: 'signedOut' });
  });

  it('accepts the scheme written with its colon or slashes', () => {
    const url = 'de.arcadia.app://callback?code=1&state=2';
    for (const callbackScheme of ['de.arcadia.app:', 'de.arcadia.app://', ' De.Arcadia.App ']) {
      expect(route(url, { ...config, callbackScheme })).toEqual({ kind: 'callback', url });
    }
  });

  it('a look-alike scheme is not ours', () => {
    for (const url of [
      'de.arcadia.app.evil://callback?code=1&state=2',
      'de.arcadia://callback?code=1&state=2',
      'xde.arcadia.app://callback?code=1&state=2',
      'https://callback/?code=1&state=2',
    ]) {
      expect(route(url), url).toEqual({ kind: 'ignore' });
    }
  });
});

describe('deep links: the application URL navigates to the rest of its path', () => {
  it('keeps the path, the query and the hash', () => {
    expect(route('https://arcadia.example/news/neon-nights')).toEqual({
      kind: 'navigate',
      path: '/news/neon-nights',
    });
    expect(route('https://arcadia.example/play?deviceId=arena-1;7#now')).toEqual({
      kind: 'navigate',
      path: '/play?deviceId=arena-1;7#now',
    });
    expect(route('https://arcadia.example/profile/7b0c-11/games?x=%20y')).toEqual({
      kind: 'navigate',
      path: '/profile/7b0c-11/games?x=%20y',
    });
  });

  it('the bare application URL is the root', () => {
    expect(route('https://arcadia.example')).toEqual({ kind: 'navigate', path: '/' });
    expect(route('https://arcadia.example/')).toEqual({ kind: 'navigate', path: '/' });
    expect(route('https://arcadia.example?ref=mail')).toEqual({
      kind: 'navigate',
      path: '/?ref=mail',
    });
    expect(route('https://ARCADIA.example:443/home')).toEqual({ kind: 'navigate', path: '/home' });
  });

  it('an application URL with a path: only below it, and the rest after it', () => {
    const c = { ...config, appUrl: 'https://example.org/arcadia/' };
    expect(route('https://example.org/arcadia/news/x?y=1', c)).toEqual({
      kind: 'navigate',
      path: '/news/x?y=1',
    });
    expect(route('https://example.org/arcadia', c)).toEqual({ kind: 'navigate', path: '/' });
    expect(route('https://example.org/arcadiax/news', c)).toEqual({ kind: 'ignore' });
    expect(route('https://example.org/other/arcadia/news', c)).toEqual({ kind: 'ignore' });
    expect(route('https://example.org/', c)).toEqual({ kind: 'ignore' });
  });

  it('never turns into a link to another host', () => {
    expect(route('https://arcadia.example//evil.example/x')).toEqual({
      kind: 'navigate',
      path: '/evil.example/x',
    });
    expect(route('https://arcadia.example/%2F%2Fevil.example')).toEqual({
      kind: 'navigate',
      path: '/%2F%2Fevil.example',
    });
  });
});

describe('deep links: anything else is ignored', () => {
  it('similar-looking hosts, other ports and schemes, credentials', () => {
    for (const url of [
      'https://arcadia.example.evil.com/news/x',
      'https://evilarcadia.example/news/x',
      'https://arcadia.example@evil.com/news/x',
      'https://x@arcadia.example/news/x',
      'https://arcadia.example:8443/news/x',
      'http://arcadia.example/news/x',
      'https://sub.arcadia.example/news/x',
      'ftp://arcadia.example/news/x',
      'mailto:hello@arcadia.example',
    ]) {
      expect(route(url), url).toEqual({ kind: 'ignore' });
    }
  });

  it('what is not a URL at all', () => {
    for (const url of ['', 'callback', '/news/x', 'de.arcadia.app', 'https://', ':::']) {
      expect(route(url), url).toEqual({ kind: 'ignore' });
    }
  });

  it('without a configured application URL only the scheme counts', () => {
    const c = { ...config, appUrl: null };
    expect(route('https://arcadia.example/news/x', c)).toEqual({ kind: 'ignore' });
    expect(route('de.arcadia.app://callback?code=1&state=2', c).kind).toBe('callback');
    expect(route('https://arcadia.example/news/x', { ...config, appUrl: 'not a url' })).toEqual({
      kind: 'ignore',
    });
    expect(route('javascript:alert(1)', { ...config, appUrl: 'javascript:alert(1)' })).toEqual({
      kind: 'ignore',
    });
  });
});

describe('the deep-link handler', () => {
  function setup() {
    const completeLogin = vi.fn(async () => undefined);
    const navigate = vi.fn();
    let clock = 0;
    const handle = createDeepLinkHandler({ completeLogin, navigate, config }, () => clock);
    return { handle, completeLogin, navigate, tick: (ms: number) => (clock += ms) };
  }

  it('completes the login with the callback URL, navigates app links, ignores the rest', async () => {
    const { handle, completeLogin, navigate } = setup();
    await handle('de.arcadia.app://callback?code=1&state=2');
    expect(completeLogin).toHaveBeenCalledWith('de.arcadia.app://callback?code=1&state=2');
    await handle('https://arcadia.example/news/x?y=1#z');
    expect(navigate).toHaveBeenCalledWith('/news/x?y=1#z');
    await handle('https://evil.example/news/x');
    await handle('de.arcadia.app://logout');
    expect(completeLogin).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('acts once on a link that arrives twice at a cold start, again when the player repeats it', async () => {
    const { handle, completeLogin, navigate, tick } = setup();
    const callback = 'de.arcadia.app://callback?code=1&state=2';
    await handle(callback);
    expect(await handle(callback)).toEqual({ kind: 'ignore' });
    expect(completeLogin).toHaveBeenCalledTimes(1);
    await handle('https://arcadia.example/home');
    tick(5_000);
    await handle('https://arcadia.example/home');
    expect(navigate).toHaveBeenCalledTimes(2);
  });
});

describe('the native configuration', () => {
  it('uses the server’s default scheme', () => {
    expect(NATIVE_APP_SCHEME).toBe('de.arcadia.app');
  });

  it('takes the application URL from the build, without a trailing slash', () => {
    expect(nativeAppUrl({ VITE_PUBLIC_URL: 'https://arcadia.example/' })).toBe(
      'https://arcadia.example',
    );
    expect(nativeAppUrl({ VITE_PUBLIC_URL: 'arcadia.example' })).toBeNull();
    expect(nativeAppUrl({})).toBeNull();
  });
});

describe('telling the native shell from a browser', () => {
  it('asks the native bridge, which only the apps have', async () => {
    const { inNativeShell } = await import('./platform');
    expect(inNativeShell({})).toBe(false);
    expect(inNativeShell({ Capacitor: { isNativePlatform: () => false } })).toBe(false);
    expect(inNativeShell({ Capacitor: { isNativePlatform: () => true } })).toBe(true);
    // jsdom is a browser.
    expect(inNativeShell()).toBe(false);
  });
});
