import { describe, expect, it } from 'vitest';
import {
  isAppPath,
  isNavigateMessage,
  isNewsImage,
  isTranslationFile,
  NAVIGATE,
  offlineNavigationFallback,
} from './sw-protocol';

const origin = 'https://arcadia.example';
const url = (path: string) => new URL(path, origin);

describe('which requests the service worker caches how', () => {
  it('news images are the content service assets on our origin', () => {
    expect(
      isNewsImage(url('/api/assets/8d0c/header.jpg?fm=jpg&fl=progressive&q=50&w=1000'), origin),
    ).toBe(true);
    expect(isNewsImage(url('/api/assets/8d0c/header.jpg'), origin)).toBe(true);
    expect(isNewsImage(url('/api/assets/8d0c'), origin)).toBe(false);
    expect(isNewsImage(url('/api/v2/user/me'), origin)).toBe(false);
    expect(isNewsImage(new URL('https://cdn.example/api/assets/a/b.jpg'), origin)).toBe(false);
  });

  it('translation files are /assets/i18n/{lang}.json', () => {
    expect(isTranslationFile(url('/assets/i18n/de.json'), origin)).toBe(true);
    expect(isTranslationFile(url('/assets/i18n/en.json?v=2'), origin)).toBe(true);
    expect(isTranslationFile(url('/assets/i18n/de.js'), origin)).toBe(false);
    expect(isTranslationFile(url('/assets/index-abc12345.js'), origin)).toBe(false);
    expect(isTranslationFile(new URL('https://other.example/assets/i18n/de.json'), origin)).toBe(
      false,
    );
  });

  it('offline, app routes get the shell and the server’s own pages the offline page', () => {
    for (const path of ['/', '/home', '/news/neon-nights', '/profile/abc/games?x=1', '/settings']) {
      expect(offlineNavigationFallback(url(path), origin)).toBe('shell');
    }
    for (const path of ['/oidc/authorize?client_id=x', '/oidc', '/api/docs', '/graphql']) {
      expect(offlineNavigationFallback(url(path), origin)).toBe('offline');
    }
    // Only whole segments: a page named like a prefix is still the app's.
    expect(offlineNavigationFallback(url('/apis'), origin)).toBe('shell');
    expect(offlineNavigationFallback(new URL('https://evil.example/home'), origin)).toBe('offline');
  });
});

describe('messages between the worker and the page', () => {
  it('app paths are paths of this origin only', () => {
    expect(isAppPath('/profile/1/games')).toBe(true);
    expect(isAppPath('/news/a?b=c#d')).toBe(true);
    expect(isAppPath('/')).toBe(true);
    expect(isAppPath('//evil.example/x')).toBe(false);
    expect(isAppPath('/\\evil.example')).toBe(false);
    expect(isAppPath('https://evil.example/')).toBe(false);
    expect(isAppPath('javascript:alert(1)')).toBe(false);
    expect(isAppPath('profile')).toBe(false);
    expect(isAppPath('/a b')).toBe(false);
  });

  it('a navigate message needs its type and an app path', () => {
    expect(isNavigateMessage({ type: NAVIGATE, path: '/news/x' })).toBe(true);
    expect(isNavigateMessage({ type: NAVIGATE, path: 'https://evil.example' })).toBe(false);
    expect(isNavigateMessage({ type: 'other', path: '/news/x' })).toBe(false);
    expect(isNavigateMessage({ type: NAVIGATE })).toBe(false);
    expect(isNavigateMessage(null)).toBe(false);
    expect(isNavigateMessage('arcadia:navigate')).toBe(false);
  });
});
