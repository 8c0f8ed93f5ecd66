import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { TestOidcClient, type Tokens } from '../../../test/support/oidc-client';

const account = { email: 'Fresh@Example.org', password: 'fresh-Pass-11', nickname: 'Fresh' };
const squash = (html: string) => html.replace(/\s+/g, ' ');

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
  expiresAt: string;
}

describe('e-mail verification of embedded accounts (outbox, no SMTP_URL)', () => {
  let t: TestApp;
  let tokens: Tokens;
  const outbox = () => path.join(t.config.dataDir, 'outbox');
  const mails = (): OutboxMail[] =>
    fs.existsSync(outbox())
      ? fs
          .readdirSync(outbox())
          .sort()
          .map((f) => JSON.parse(fs.readFileSync(path.join(outbox(), f), 'utf8')) as OutboxMail)
      : [];
  /** The sign-up mail is sent in the background: wait until `count` mails are there. */
  async function mailsWhen(count: number): Promise<OutboxMail[]> {
    for (let i = 0; i < 100 && mails().length < count; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    return mails();
  }
  const verified = async () =>
    (
      await t.db.execute<{ email_verified: boolean }>(
        `select email_verified from accounts where email = 'fresh@example.org'`,
      )
    ).rows[0]!.email_verified;
  const visit = (link: string) => new TestOidcClient(t.url).browser.navigate(link);
  const withToken = (link: string, token: string) => {
    const url = new URL(link);
    url.searchParams.set('token', token);
    return url.href;
  };

  beforeAll(async () => {
    t = await createTestApp({ embeddedIdentity: true });
    const client = new TestOidcClient(t.url);
    tokens = await client.tokens(await client.signUp(account));
  });
  afterAll(() => t.close());

  it('mails a new account a 24-hour verification link; only its hash is stored', async () => {
    const [mail, more] = await mailsWhen(1);
    expect(more).toBeUndefined();
    expect(mail).toMatchObject({
      to: 'fresh@example.org',
      subject: 'Bestätige deine E-Mail-Adresse für Arcadia',
    });
    expect(mail!.text).toContain('Hallo Fresh,');
    const link = new URL(mail!.links[0]!);
    expect(link.origin + link.pathname).toBe(`${t.url}/oidc/verify`);
    expect(mail!.text).toContain(link.href);
    expect(mail!.html).toContain(link.href.replace(/&/g, '&amp;'));
    const life = Date.parse(mail!.expiresAt) - Date.parse(mail!.createdAt);
    expect(life).toBe(24 * 3600_000);
    const token = link.searchParams.get('token')!;
    const rows = (
      await t.db.execute<{ token_hash: string; expires_at: string; used_at: string | null }>(
        'select token_hash, expires_at, used_at from email_verifications',
      )
    ).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0]!.used_at).toBeNull();
    const lifetime = new Date(rows[0]!.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(24 * 3600_000);
    expect(await verified()).toBe(false);
  });

  it('has email_verified false in the ID token before, and the API says so', async () => {
    expect(decodeJwt(tokens.id_token!)).toMatchObject({
      email: 'fresh@example.org',
      email_verified: false,
    });
    const status = await t.request('GET', '/api/me/verification-mail', {
      token: tokens.access_token,
    });
    expect(status).toMatchObject({ status: 200, body: { emailVerified: false } });
    expect(status.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses an unknown or malformed token with a clear page, changing nothing', async () => {
    const link = mails()[0]!.links[0]!;
    for (const href of [
      withToken(link, 'x'.repeat(43)),
      withToken(link, 'short'),
      `${t.url}/oidc/verify`,
    ]) {
      const page = await visit(href);
      expect(page.status).toBe(400);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(squash(page.text)).toContain(
        'Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde schon benutzt.',
      );
    }
    expect(await verified()).toBe(false);
  });

  it('refuses an expired link, changing nothing', async () => {
    const res = await t.request('POST', '/api/me/verification-mail', {
      token: tokens.access_token,
    });
    expect(res).toMatchObject({ status: 202, body: { sent: true } });
    const link = (await mailsWhen(2))[1]!.links[0]!;
    const token = new URL(link).searchParams.get('token')!;
    await t.db.execute(
      `update email_verifications set expires_at = now() - interval '1 second'
        where token_hash = '${createHash('sha256').update(token).digest('hex')}'`,
    );
    const page = await visit(link);
    expect(page.status).toBe(400);
    expect(squash(page.text)).toContain('abgelaufen');
    expect(squash(page.text)).toContain('Zu den Einstellungen');
    expect(await verified()).toBe(false);
  });

  it('opening the link changes nothing (mail scanners open links); its button confirms', async () => {
    const link = mails()[0]!.links[0]!;
    // A mail provider's link scanner or a chat's link preview opens every link of a mail: had the
    // visit verified, an account signed up with someone else's address would be verified by that
    // address's scanner, and a proven address is what admin grant and marketing mail go by.
    for (let i = 0; i < 2; i++) {
      const scanned = await visit(link);
      expect(scanned.status).toBe(200);
      expect(squash(scanned.text)).toContain('Ist das deine E-Mail-Adresse?');
    }
    expect(await verified()).toBe(false);
    const open = await t.db.execute('select 1 from email_verifications where used_at is null');
    expect(open.rows.length).toBeGreaterThan(0);

    // Posted without the page's form token (another site's form): refused, nothing spent.
    const token = new URL(link).searchParams.get('token')!;
    const forged = await new TestOidcClient(t.url).browser.navigate(`${t.url}/oidc/verify`, {
      form: { token },
    });
    expect(forged.status).toBe(403);
    expect(await verified()).toBe(false);
  });

  it('verifies with the button of the link page (in its language); the link works only once', async () => {
    const link = mails()[0]!.links[0]!;
    const client = new TestOidcClient(t.url);
    const opened = await client.browser.navigate(link);
    expect(opened.headers.get('referrer-policy')).toBe('same-origin');
    const page = await client.submit(opened, {});
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(squash(page.text)).toContain('Danke! Deine E-Mail-Adresse ist jetzt bestätigt.');
    expect(await verified()).toBe(true);
    // Every other open link of the account is spent with it.
    const open = await t.db.execute('select 1 from email_verifications where used_at is null');
    expect(open.rows).toHaveLength(0);

    const again = await visit(link);
    expect(again.status).toBe(400);
    expect(squash(again.text)).toContain('wurde schon benutzt');
    const repeated = await client.submit(opened, {});
    expect(repeated.status).toBe(400);
    expect(squash(repeated.text)).toContain('wurde schon benutzt');

    const english = await visit(withToken(link, 'y'.repeat(43)).replace('lang=de', 'lang=en'));
    expect(squash(english.text)).toContain('This confirmation link is invalid');
  });

  it('has email_verified true in the ID token after, and refuses a resend', async () => {
    const fresh = new TestOidcClient(t.url);
    const after = await fresh.tokens(await fresh.signIn(account.email, account.password));
    expect(decodeJwt(after.id_token!)).toMatchObject({ email_verified: true });
    // A refresh builds the ID token from the account as it is now, too.
    const refreshed = await fresh.refresh(after.refresh_token!);
    expect(decodeJwt(refreshed.body.id_token as string).email_verified).toBe(true);

    const status = await t.request('GET', '/api/me/verification-mail', {
      token: after.access_token,
    });
    expect(status.body).toEqual({ emailVerified: true });
    const before = mails().length;
    const resend = await t.request('POST', '/api/me/verification-mail', {
      token: after.access_token,
    });
    expect(resend.status).toBe(409);
    expect(mails()).toHaveLength(before);
  });
});

describe('resending the verification mail', () => {
  let t: TestApp;
  let tokens: Tokens;
  const outboxCount = () => {
    const dir = path.join(t.config.dataDir, 'outbox');
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  };

  beforeAll(async () => {
    t = await createTestApp({ embeddedIdentity: true });
    const client = new TestOidcClient(t.url, 'arcadia-web', 'en');
    tokens = await client.tokens(
      await client.signUp({
        email: 'again@example.org',
        password: 'again-Pass-22',
        nickname: 'Again',
      }),
    );
    for (let i = 0; i < 100 && outboxCount() < 1; i++) await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(() => t.close());

  it('needs a token', async () => {
    expect((await t.request('POST', '/api/me/verification-mail')).status).toBe(401);
    expect((await t.request('GET', '/api/me/verification-mail')).status).toBe(401);
  });

  it('sends at most 3 per hour, then 429 with Retry-After and no mail', async () => {
    expect(outboxCount()).toBe(1);
    for (let i = 0; i < 3; i++) {
      const res = await t.request('POST', '/api/me/verification-mail', {
        token: tokens.access_token,
      });
      expect(res.status).toBe(202);
    }
    expect(outboxCount()).toBe(4);
    const limited = await t.request('POST', '/api/me/verification-mail', {
      token: tokens.access_token,
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(outboxCount()).toBe(4);
    const rows = await t.db.execute('select 1 from email_verifications');
    expect(rows.rows).toHaveLength(4);
  });

  it('writes the mail in the language of the sign-up page', async () => {
    const dir = path.join(t.config.dataDir, 'outbox');
    const [first] = fs.readdirSync(dir).sort();
    const mail = JSON.parse(fs.readFileSync(path.join(dir, first!), 'utf8')) as {
      subject: string;
      links: string[];
      text: string;
    };
    expect(mail.subject).toBe('Confirm your e-mail address for Arcadia');
    expect(mail.text).toContain('Hi Again,');
    expect(new URL(mail.links[0]!).searchParams.get('lang')).toBe('en');
  });
});

describe('verification mail with an external issuer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404: the issuer verifies its e-mail addresses itself', async () => {
    const token = await t.issuer.mint('auth0|someone');
    expect((await t.request('GET', '/api/me/verification-mail', { token })).status).toBe(404);
    expect((await t.request('POST', '/api/me/verification-mail', { token })).status).toBe(404);
    expect((await t.request('GET', '/oidc/verify?token=' + 'x'.repeat(43))).status).toBe(404);
  });
});
