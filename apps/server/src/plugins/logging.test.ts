import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/app';
import { capturedLog } from '../../test/support/log-lines';

const PERSONAL = {
  username: 'Secretive',
  mail: 'very.private@mail.example',
  birthday: '1987-06-05',
  instagram: 'hidden_handle_x',
  agb: true,
  marketingConsent: true,
};

/** The pino output of a real app at the most verbose level, line by line. */
describe('structured logs without tokens or personal data', () => {
  const { lines, stream } = capturedLog();
  let t: TestApp;
  const secrets: string[] = [];
  const requestIds: string[] = [];

  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    requestIds.push(res.headers.get('x-request-id') ?? '');
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: stream });
    const { issuer, testDb } = t;

    const token = await issuer.mint('sub-private-person');
    const forged = await issuer.mintWithForeignKey('sub-private-person');
    const expired = await issuer.mint('sub-private-person', { expiresIn: -3600 });
    secrets.push(token, forged, expired, ...[token, forged, expired].map((t) => t.split('.')[2]!));
    secrets.push(PERSONAL.mail, PERSONAL.birthday, PERSONAL.instagram, 'sub-private-person');

    const registered = await call('POST', '/api/v2/user/registration', token, PERSONAL);
    expect(registered.status).toBe(201);
    expect((await call('GET', '/api/v2/user/me', token)).status).toBe(200);
    await call('GET', `/api/user?searchterm=${PERSONAL.instagram}`, token);
    await call('GET', `/api/v2/user/me?access_token=${token}`);
    // A guest result's claim token, in the page's path and the API's.
    const claim = 'Zx9claimTokenSecret0123456789abcdefABCDEF_-';
    secrets.push(claim);
    expect((await fetch(`${t.url}/claim/${claim}`)).status).toBeLessThan(500);
    await call('GET', `/api/claims/${claim}`, token);
    // Spelled otherwise, the router still reaches the claim API or the page (loggedUrl).
    await call('GET', `/api/%63laims/${claim}`, token);
    expect((await fetch(`${t.url}/CLAIM/${claim}`)).status).toBeLessThan(500);
    await call('GET', '/api/v2/user/me', forged);
    await call('GET', '/api/v2/user/me', expired);
    await call('POST', '/api/v2/user/registration', token, { ...PERSONAL, username: 'x' });
    // A failure inside the server: the failed insert carries the personal data as parameters.
    await testDb.database.db.execute(
      sql`alter table users add constraint no_new_rows check (user_name <> 'Leaky') not valid`,
    );
    const failed = await call(
      'POST',
      '/api/v2/user/registration',
      await issuer.mint('sub-private-2'),
      { ...PERSONAL, username: 'Leaky' },
    );
    expect(failed.status).toBe(500);
    expect(
      (await call('DELETE', `/api/v2/user/${registered.body.id as string}`, token)).status,
    ).toBe(200);
  });
  afterAll(() => t.close());

  it('writes one JSON object per line, request lines carrying the request id', () => {
    expect(lines.length).toBeGreaterThan(10);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const logged = new Set(entries.map((e) => e.reqId));
    for (const id of requestIds) expect(logged, id).toContain(id);
    const incoming = entries.find((e) => e.msg === 'incoming request');
    expect(incoming?.req).toEqual({
      method: 'POST',
      url: '/api/v2/user/registration',
      id: expect.any(String),
    });
  });

  it('logs the failure inside the server', () => {
    expect(lines.some((line) => line.includes('"level":50'))).toBe(true);
  });

  it('never logs a token, a signature, or personal data', () => {
    const log = lines.join('\n');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/authorization/i);
    expect(log).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });
});
