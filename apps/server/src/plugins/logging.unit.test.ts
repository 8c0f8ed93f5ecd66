import { describe, expect, it } from 'vitest';
import { loggedUrl, queryNames } from './logging';

describe('loggedUrl: what the request log keeps of a URL', () => {
  const token = 'Zx9claimTokenSecret0123456789abcdef';

  it('drops the query', () => {
    expect(loggedUrl('/oidc/reset?token=abc&x=1')).toBe('/oidc/reset');
    expect(loggedUrl('/api/news?locale=de')).toBe('/api/news');
  });

  it('replaces a claim token in every spelling that reaches the claim page, its API or the page fallback', () => {
    for (const url of [
      `/claim/${token}`,
      `/api/claims/${token}`,
      `/api/claims/${token}/`,
      `/api/claims/${token}?lang=en`,
      `/api/%63laims/${token}`,
      `/api/%2563laims/${token}`,
      `/api//claims/${token}`,
      `/api/claims//${token}`,
      `/CLAIM/${token}`,
      `/%63laim/${token}`,
      `/./claim/${token}`,
      `/x/../claim/${token}`,
      `/api/claims%2F${token}`,
      `/api\\claims\\${token}`,
      `/claim/${token}/more`,
    ]) {
      const logged = loggedUrl(url);
      expect(logged, url).not.toContain(token);
      expect(logged, url).toMatch(/claims?\/:token$/i);
    }
  });

  it('leaves other paths as they came, and a claim path without a token as it is', () => {
    expect(loggedUrl('/api/v2/user/me')).toBe('/api/v2/user/me');
    expect(loggedUrl('/api/user/%E2%9C%93')).toBe('/api/user/%E2%9C%93');
    expect(loggedUrl('/api/claims')).toBe('/api/claims');
    expect(loggedUrl('/claim/')).toBe('/claim/');
    expect(loggedUrl('/%E0%A4%A')).toBe('/%E0%A4%A');
  });
});

describe('queryNames: what a trace keeps of a query', () => {
  it('keeps the names, never the values', () => {
    expect(queryNames('/oidc/reset?token=s3cret&lang=de')).toBe('token&lang');
    expect(queryNames('/profile/x?claim=abc')).toBe('claim');
    expect(queryNames('/api/news?')).toBe('');
    expect(queryNames('/api/news')).toBeUndefined();
  });
});
