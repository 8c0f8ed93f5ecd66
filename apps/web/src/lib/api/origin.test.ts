import { afterEach, describe, expect, it } from 'vitest';
import { apiUrl, setApiOrigin } from './origin';

describe('apiUrl', () => {
  afterEach(() => setApiOrigin(null));

  it('keeps paths relative in the browser (same origin)', () => {
    expect(apiUrl('/api/config')).toBe('/api/config');
    expect(apiUrl('api/news')).toBe('api/news');
  });

  it("prefixes the server's public URL in the native shell", () => {
    setApiOrigin('https://arcadia.example/');
    expect(apiUrl('/api/config')).toBe('https://arcadia.example/api/config');
    expect(apiUrl('api/news?locale=de')).toBe('https://arcadia.example/api/news?locale=de');
  });

  it('leaves absolute URLs alone', () => {
    setApiOrigin('https://arcadia.example');
    expect(apiUrl('https://other.example/x')).toBe('https://other.example/x');
  });
});
