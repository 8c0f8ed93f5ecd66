import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';

describe("the authorization endpoint's per-address limit", () => {
  let t: TestApp;
  // Ten authorization requests per address in 10 minutes (10 × AUTH_RATE_LIMIT_MAX).
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1' }, embeddedIdentity: true });
  });
  afterAll(() => t?.close());

  const interactions = async () =>
    Number(
      (
        await t.db.execute<{ n: number }>(
          // Each authorization request stores a sign-in in progress.
          `select count(*)::int as n from oidc_models where model = 'Interaction'`,
        )
      ).rows[0]!.n,
    );
  const authorize = (path: string, state: number) =>
    fetch(
      `${t.url}${path}?${String(
        new URLSearchParams({
          client_id: 'arcadia-web',
          response_type: 'code',
          redirect_uri: `${t.url}/login/callback`,
          scope: 'openid',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
          state: String(state),
        }),
      )}`,
      { redirect: 'manual', headers: { 'accept-language': 'en' } },
    );

  it('stores at most that many sign-ins in progress, however the path is spelled', async () => {
    const before = await interactions();
    for (let i = 0; i < 10; i++) expect((await authorize('/oidc/authorize', i)).status).toBe(303);
    expect(await interactions()).toBe(before + 10);
    const limited = await authorize('/oidc/authorize', 10);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.text()).toContain('Too many requests');
    expect((await authorize('/oidc/Authorize/', 11)).status).toBe(429);
    expect(await interactions()).toBe(before + 10);
    // Other provider endpoints are not counted by it.
    expect((await fetch(`${t.url}/oidc/.well-known/openid-configuration`)).status).toBe(200);
  });
});
