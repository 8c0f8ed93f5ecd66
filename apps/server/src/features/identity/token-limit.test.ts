import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';

describe("the token endpoint's per-address limit", () => {
  let t: TestApp;
  // Ten token requests per address in 10 minutes (10 × AUTH_RATE_LIMIT_MAX).
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1' }, embeddedIdentity: true });
  });
  afterAll(() => t?.close());

  const token = (path: string) =>
    fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=nope&client_id=arcadia-web',
    });

  it('counts the endpoint however its path is spelled (the provider routes case-insensitively)', async () => {
    // The provider answers the token endpoint at any case of its path.
    expect((await token('/oidc/OAuth/Token')).status).toBe(400);
    for (let i = 0; i < 9; i++) expect((await token('/oidc/oauth/token')).status).toBe(400);
    expect((await token('/oidc/oauth/token')).status).toBe(429);
    expect((await token('/oidc/OAUTH/TOKEN')).status).toBe(429);
    expect((await token('/oidc/oauth/token/')).status).toBe(429);
  });
});
