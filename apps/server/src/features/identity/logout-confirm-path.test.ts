import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { formOf } from '../../../test/support/browser';
import { TestOidcClient } from '../../../test/support/oidc-client';

const password = 'arcade-Fan-2024';

describe("the provider's sign-out confirmation, however its path is spelled", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ embeddedIdentity: true });
    await new TestOidcClient(t.url).signUp({ email: 'ada@example.org', password, nickname: 'Ada' });
  });
  afterAll(() => t.close());

  // The provider's router matches case-insensitively and ignores a trailing slash: each of these
  // is its confirmation endpoint and ends the session.
  it.each(['/oidc/V2/Logout/Confirm', '/oidc/v2/logout/confirm/'])(
    'posted to %s, ends the grant, its refresh tokens and access tokens with the session',
    async (path) => {
      const player = new TestOidcClient(t.url);
      const tokens = await player.tokens(await player.signIn('ada@example.org', password));
      const ask = await player.browser.navigate('/oidc/v2/logout');
      const form = formOf(ask.text);
      await player.browser.navigate(path, { form: { ...form.fields, logout: 'yes' } });

      const silent = await player.begin({ prompt: 'none' });
      expect(new URL(silent.leftFor!).searchParams.get('error')).toBe('login_required');
      expect((await player.refresh(tokens.refresh_token!)).body.error).toBe('invalid_grant');
      const me = await fetch(`${t.url}/api/v2/user/me`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(me.status).toBe(401);
    },
  );
});
