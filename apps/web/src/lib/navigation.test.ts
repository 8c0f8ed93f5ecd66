import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './navigation';

describe('safeReturnPath', () => {
  it('keeps a path of the app', () => {
    expect(safeReturnPath('/profile/abc?tab=stats')).toBe('/profile/abc?tab=stats');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses what a browser would take to another site, and the callback itself', () => {
    for (const value of [
      '//evil.example/x',
      '/\\evil.example/x',
      'https://evil.example/',
      'javascript:alert(1)',
      'profile',
      '',
      '/login/callback?code=x',
      42,
      undefined,
    ])
      expect(safeReturnPath(value, '/home')).toBe('/home');
  });
});
