import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startSecondProcess, type TestApp } from '../../../test/support/app';
import { TestOidcClient } from '../../../test/support/oidc-client';

/**
 * What a deletion must not leave behind (issue 11): the player's reset mail in the outbox, the
 * sign-in throttle rows keyed by the e-mail, the deleted rows' bytes (VACUUM), and a still valid
 * access token that could act — in this process and in another one on the same database.
 */
describe('DELETE /api/v2/user/{id}: no traces, no living token', () => {
  let t: TestApp;
  /** A second server process on the same database (its own token cache and LISTEN). */
  let other: FastifyInstance;
  let otherUrl: string;
  const account = { email: 'Vanish@Example.org', password: 'vanish-Pass-11', nickname: 'Vanish' };
  const bystander = { email: 'stay@example.org', password: 'stay-Pass-11', nickname: 'Stay' };
  let token: string;
  let profileId: string;

  const outbox = () => path.join(t.config.dataDir, 'outbox');
  const outboxText = () =>
    fs.existsSync(outbox())
      ? fs
          .readdirSync(outbox())
          .map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8'))
          .join('\n')
      : '';
  const call = async (base: string, method: string, route: string, body?: unknown) => {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    // any: the JSON answer of whichever route was called, read field by field by the tests.
    return { status: res.status, body: (await res.json()) as any };
  };
  const vacuumCounts = async () => {
    const res = await t.db.execute<{ relname: string; n: number }>(
      sql`select relname, vacuum_count::int as n from pg_stat_user_tables
          where relname in ('users', 'accounts', 'login_throttle', 'oidc_models')`,
    );
    return Object.fromEntries(res.rows.map((r) => [r.relname, Number(r.n)]));
  };
  async function requestReset(email: string) {
    const client = new TestOidcClient(t.url);
    const signIn = await client.begin();
    const forgotHref = /href="([^"]*\/oidc\/forgot[^"]*)"/
      .exec(signIn.text)![1]!
      .replace(/&amp;/g, '&');
    const forgot = await client.browser.navigate(new URL(forgotHref, signIn.url).href);
    expect((await client.submit(forgot, { email })).status).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ embeddedIdentity: true });
    const client = new TestOidcClient(t.url);
    token = (await client.tokens(await client.signUp(account))).access_token;
    const signedUp = new TestOidcClient(t.url);
    await signedUp.signUp(bystander);
    const registered = await call(t.url, 'POST', '/api/v2/user/registration', {
      username: 'Vanish',
      mail: 'vanish@example.org',
      agb: true,
    });
    expect(registered.status).toBe(201);
    profileId = registered.body.id;
    // Traces: reset mail for the player and for someone else, a failed sign-in of the player.
    await requestReset(account.email);
    await requestReset(bystander.email);
    const wrong = new TestOidcClient(t.url);
    await wrong.submit(await wrong.begin(), { email: account.email, password: 'not-the-one-1' });

    ({ app: other, url: otherUrl } = await startSecondProcess(t));
  });
  afterAll(async () => {
    await other?.close();
    await t.close();
  });

  it('before: the traces exist, and both processes take (and cache) the token', async () => {
    expect(outboxText()).toContain('vanish@example.org');
    expect(outboxText()).toContain('stay@example.org');
    const throttle = await t.db.execute<{ key: string }>(sql`select key from login_throttle`);
    expect(throttle.rows.map((r) => r.key)).toEqual(
      expect.arrayContaining(['account:vanish@example.org', 'reset:vanish@example.org']),
    );
    // The account's failures from the client's address too.
    expect(throttle.rows.some((r) => r.key.startsWith('account:vanish@example.org|'))).toBe(true);
    expect((await call(t.url, 'GET', '/api/v2/user/me')).status).toBe(200);
    expect((await call(otherUrl, 'GET', '/api/v2/user/me')).status).toBe(200);
  });

  it('deletes the reset mail and the throttle rows that name the player, and no one else’s', async () => {
    const vacuumsBefore = await vacuumCounts();
    const res = await call(t.url, 'DELETE', `/api/v2/user/${profileId}`);
    expect(res.status).toBe(200);

    expect(outboxText()).not.toMatch(/vanish@example\.org/i);
    expect(outboxText()).toContain('stay@example.org');
    const throttle = await t.db.execute<{ key: string }>(sql`select key from login_throttle`);
    expect(throttle.rows.map((r) => r.key).filter((k) => /vanish/i.test(k))).toEqual([]);
    expect(throttle.rows.map((r) => r.key)).toContain('reset:stay@example.org');

    // VACUUM ran on the tables the deletion touched, after the answer (it does not wait).
    await expect.poll(vacuumCounts, { timeout: 20_000, interval: 200 }).toEqual({
      users: vacuumsBefore.users! + 1,
      accounts: vacuumsBefore.accounts! + 1,
      login_throttle: vacuumsBefore.login_throttle! + 1,
      oidc_models: vacuumsBefore.oidc_models! + 1,
    });
  });

  it('refuses the deleted account’s token with 401 in this process and in the other, and writes nothing', async () => {
    const users = await t.counts('users');
    const body = { username: 'Phoenix', mail: 'phoenix@example.org', agb: true };
    const here = await call(t.url, 'POST', '/api/v2/user/registration', body);
    expect(here.status).toBe(401);
    expect(here.body.error.code).toBe('unauthorized');
    // The other process had the token cached: the deletion's NOTIFY drops it there.
    await expect
      .poll(async () => (await call(otherUrl, 'GET', '/api/v2/user/me')).status, {
        timeout: 5_000,
        interval: 50,
      })
      .toBe(401);
    expect((await call(otherUrl, 'POST', '/api/v2/user/registration', body)).status).toBe(401);
    expect(await t.counts('users')).toEqual(users);
  });
});
