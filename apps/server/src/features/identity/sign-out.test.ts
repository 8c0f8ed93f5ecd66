import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startSecondProcess, type TestApp } from '../../../test/support/app';
import { addPlayer, type TestPlayer } from '../../../test/support/arcade';
import { TestOidcClient } from '../../../test/support/oidc-client';

/**
 * POST /api/v2/user/logout: a signed-out access token stops at once, in this process and in
 * another one on the same database (which had it cached), while the player's other tokens work.
 */
describe('POST /api/v2/user/logout', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let otherUrl: string;
  let anna: TestPlayer;

  const me = (base: string, token: string) =>
    fetch(`${base}/api/v2/user/me`, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await createTestApp();
    anna = await addPlayer(t, 'Anna');
    ({ app: other, url: otherUrl } = await startSecondProcess(t));
  });
  afterAll(async () => {
    await other?.close();
    await t.close();
  });

  it('refuses the token from then on in every process, and only that token', async () => {
    // Another sign-in of hers (a second device): a token of its own.
    const phone = await t.issuer.mint(anna.sub, { extra: { jti: 'phone' } });
    expect(phone).not.toBe(anna.token);
    for (const base of [t.url, otherUrl])
      for (const token of [anna.token, phone]) expect((await me(base, token)).status).toBe(200);

    const out = await t.request('POST', '/api/v2/user/logout', { token: anna.token });
    expect(out.status).toBe(204);

    const here = await me(t.url, anna.token);
    expect(here.status).toBe(401);
    expect(((await here.json()) as { error: { message: string } }).error.message).toBe(
      'This token was signed out',
    );
    // The other process had it cached: the sign-out's NOTIFY drops it there.
    await expect
      .poll(async () => (await me(otherUrl, anna.token)).status, { timeout: 5_000, interval: 50 })
      .toBe(401);
    // GraphQL and the live channel take the same tokens.
    const gql = await t.request('POST', '/graphql', {
      body: { query: '{ statistics { name } }' },
      token: anna.token,
    });
    expect(gql.status).toBe(401);
    expect((await t.request('GET', '/api/live', { token: anna.token })).status).toBe(401);
    // Other spellings of the same token (padding, the unused bits of the signature's last
    // character) verify as the same token, and are signed out with it.
    const [head, body, signature] = anna.token.split('.') as [string, string, string];
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const lastIndex = last.indexOf(signature.at(-1)!);
    const sameBits = last[lastIndex ^ 1]!; // differs only in bits the decoding drops
    const respellings = [`${anna.token}==`, `${head}.${body}.${signature.slice(0, -1)}${sameBits}`];
    for (const spelling of respellings) {
      expect(Buffer.from(spelling.split('.')[2]!, 'base64url')).toEqual(
        Buffer.from(signature, 'base64url'),
      );
      for (const base of [t.url, otherUrl]) expect((await me(base, spelling)).status).toBe(401);
      expect(
        (
          await t.request('POST', '/graphql', {
            body: { query: '{ statistics { name } }' },
            token: spelling,
          })
        ).status,
      ).toBe(401);
    }
    // Her other device is still signed in.
    for (const base of [t.url, otherUrl]) expect((await me(base, phone)).status).toBe(200);
    // Signing out again with the refused token is a 401, and changes nothing.
    expect((await t.request('POST', '/api/v2/user/logout', { token: anna.token })).status).toBe(
      401,
    );
  });

  it('keeps a row only until the token would have expired, by its hash', async () => {
    const short = await t.issuer.mint(anna.sub, { expiresIn: 1, extra: { jti: 'short' } });
    expect((await t.request('POST', '/api/v2/user/logout', { token: short })).status).toBe(204);
    const rows = await t.db.execute<{ token_hash: string; expires_at: Date }>(
      sql`select token_hash, expires_at from revoked_tokens`,
    );
    expect(rows.rows).toHaveLength(2);
    for (const row of rows.rows) {
      expect(row.token_hash).toMatch(/^[\w-]{43}$/);
      expect(JSON.stringify(row)).not.toContain(short.split('.')[2]!);
    }
    // A later sign-out removes the rows of tokens past their expiry and leeway.
    await t.db.execute(sql`update revoked_tokens set expires_at = now() - interval '1 second'`);
    const last = await t.issuer.mint(anna.sub, { extra: { jti: 'last' } });
    expect((await t.request('POST', '/api/v2/user/logout', { token: last })).status).toBe(204);
    const left = await t.db.execute(sql`select token_hash from revoked_tokens`);
    expect(left.rows).toHaveLength(1);
  });

  it('needs a token', async () => {
    expect((await t.request('POST', '/api/v2/user/logout')).status).toBe(401);
  });
});

/**
 * With the embedded provider, signing out ends every access token of the sign-in (its grant),
 * those from before a refresh too; another sign-in of the same account goes on.
 */
describe('POST /api/v2/user/logout: the whole sign-in', () => {
  let t: TestApp;
  const account = { email: 'leave@example.org', password: 'leave-Pass-11', nickname: 'Leave' };
  // 404: the token is taken (the account has no profile yet); 401: refused.
  const me = (token: string) => t.request('GET', '/api/v2/user/me', { token });

  beforeAll(async () => {
    t = await createTestApp({ embeddedIdentity: true });
  });
  afterAll(() => t.close());

  it('refuses the tokens issued before a refresh too, not those of another sign-in', async () => {
    const client = new TestOidcClient(t.url);
    const first = await client.tokens(await client.signUp(account));
    expect(first.refresh_token).toBeTruthy();
    const refreshed = await client.refresh(first.refresh_token!);
    expect(refreshed.status).toBe(200);
    const second = refreshed.body.access_token as string;
    expect(second).not.toBe(first.access_token);
    const elsewhere = new TestOidcClient(t.url);
    const other = await elsewhere.tokens(await elsewhere.signIn(account.email, account.password));
    for (const token of [first.access_token, second, other.access_token])
      expect((await me(token)).status).toBe(404);

    expect((await t.request('POST', '/api/v2/user/logout', { token: second })).status).toBe(204);
    expect((await me(second)).status).toBe(401);
    expect((await me(first.access_token)).status).toBe(401);
    expect((await me(other.access_token)).status).toBe(404);
  });

  it("ends the sign-in's refresh tokens at the provider, not those of another sign-in", async () => {
    const client = new TestOidcClient(t.url);
    const mine = await client.tokens(await client.signIn(account.email, account.password));
    const elsewhere = new TestOidcClient(t.url);
    const other = await elsewhere.tokens(await elsewhere.signIn(account.email, account.password));
    expect(mine.refresh_token && other.refresh_token).toBeTruthy();

    // Only the API's sign-out: the provider's logout is never reached (a copy of the refresh
    // token kept by someone else must not fetch new access tokens once the hour is over).
    const logout = await t.request('POST', '/api/v2/user/logout', { token: mine.access_token });
    expect(logout.status).toBe(204);
    const refused = await client.refresh(mine.refresh_token!);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
    const kept = await elsewhere.refresh(other.refresh_token!);
    expect(kept.status).toBe(200);
    expect((await me(kept.body.access_token as string)).status).toBe(404);
  });
});
