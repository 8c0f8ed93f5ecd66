import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { TestOidcClient, type Tokens } from '../../../test/support/oidc-client';
import { accounts, users } from '../../db/schema';

/**
 * A suspended player at the embedded provider: the sign-in page refuses them with a message
 * that says why, their refresh token is spent, and their access token is refused by the API, also
 * once the suspension is lifted.
 */
describe('a suspended player cannot sign in (embedded provider)', () => {
  let t: TestApp;
  let boss: Tokens;
  let sly: Tokens;
  let slyId: string;
  const slyAccount = { email: 'sly@example.org', password: 'sly-Pass-2024', nickname: 'Sly' };

  async function signUpAndRegister(account: typeof slyAccount): Promise<[Tokens, string]> {
    const client = new TestOidcClient(t.url);
    const tokens = await client.tokens(await client.signUp(account));
    const res = await t.request('POST', '/api/v2/user/registration', {
      token: tokens.access_token,
      body: { username: account.nickname, mail: account.email, agb: true },
    });
    expect(res.status).toBe(201);
    return [tokens, res.body.id as string];
  }

  beforeAll(async () => {
    t = await createTestApp({ embeddedIdentity: true });
    let bossId: string;
    [boss, bossId] = await signUpAndRegister({
      email: 'boss@example.org',
      password: 'boss-Pass-2024',
      nickname: 'Boss',
    });
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, bossId));
    [sly, slyId] = await signUpAndRegister(slyAccount);
  });
  afterAll(() => t.close());

  it('refuses the sign-in with a clear message, the refresh token and the access token', async () => {
    const suspended = await t.request('POST', `/api/admin/players/${slyId}/suspend`, {
      token: boss.access_token,
      body: { reason: 'Abusive chat' },
    });
    expect(suspended.status).toBe(200);

    const client = new TestOidcClient(t.url, 'arcadia-web', 'en');
    const page = await client.submit(await client.begin(), {
      email: slyAccount.email,
      password: slyAccount.password,
    });
    expect(page.status).toBe(403);
    expect(page.text).toContain('This account is suspended.');
    expect(page.leftFor).toBeUndefined();
    const german = new TestOidcClient(t.url, 'arcadia-web', 'de');
    const seite = await german.submit(await german.begin(), {
      email: slyAccount.email,
      password: slyAccount.password,
    });
    expect(seite.text).toContain('Dieses Konto ist gesperrt.');
    // A wrong password still gets the usual answer: the suspension shows only to the owner.
    const wrong = await client.submit(await client.begin(), {
      email: slyAccount.email,
      password: 'not-the-Pass-1',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain('suspended');

    const refreshed = await client.refresh(sly.refresh_token!);
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
    // Signed out: the app's next call is refused, and its sign-in page says why (above).
    const me = await t.request('GET', '/api/v2/user/me', { token: sly.access_token });
    expect(me.status).toBe(401);
  });

  it('lets the player sign in again once the suspension is lifted', async () => {
    const lifted = await t.request('POST', `/api/admin/players/${slyId}/unsuspend`, {
      token: boss.access_token,
    });
    expect(lifted.status).toBe(200);
    // What the player held before the suspension stays ended: they sign in again.
    const old = await t.request('GET', '/api/v2/user/me', { token: sly.access_token });
    expect(old.status).toBe(401);
    const client = new TestOidcClient(t.url);
    const refreshed = await client.refresh(sly.refresh_token!);
    expect(refreshed.body.error).toBe('invalid_grant');
    const tokens = await client.tokens(await client.signIn(slyAccount.email, slyAccount.password));
    const claims = decodeJwt(tokens.access_token);
    expect(claims.sub).toBe(decodeJwt(sly.access_token).sub);
    // A sign-in within the second of the suspension is still a new one: the token says its
    // millisecond, and the cut is put 1 ms before it here so that both share a second (CI ran
    // into this by chance: the player was refused although the suspension was over).
    const issuedMs = claims.iat_ms as number;
    expect(Math.floor(issuedMs / 1000)).toBe(claims.iat);
    await t.db
      .update(accounts)
      .set({ tokensValidAfter: new Date(issuedMs - 1) })
      .where(eq(accounts.id, claims.sub!));
    const me = await t.request('GET', '/api/v2/user/me', { token: tokens.access_token });
    expect(me.status).toBe(200);
    const stillOld = await t.request('GET', '/api/v2/user/me', { token: sly.access_token });
    expect(stillOld.status).toBe(401);
    // Refused by its grant too, not only by its time: were the cut gone (a token issued by a
    // refresh that read its grant while the suspension was committing), it stays signed out.
    await t.db.update(accounts).set({ tokensValidAfter: null }).where(eq(accounts.id, claims.sub!));
    const byGrant = await t.request('GET', '/api/v2/user/me', { token: sly.access_token });
    expect(byGrant.status).toBe(401);
    expect((await t.request('GET', '/api/v2/user/me', { token: tokens.access_token })).status).toBe(
      200,
    );
  });
});
