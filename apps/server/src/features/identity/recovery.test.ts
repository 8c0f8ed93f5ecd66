import { createHash } from 'node:crypto';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { formOf } from '../../../test/support/browser';
import { TestOidcClient, type Tokens } from '../../../test/support/oidc-client';

const account = {
  email: 'forgetful@example.org',
  password: 'first-Pass-11',
  nickname: 'Forgetful',
};
const squash = (html: string) => html.replace(/\s+/g, ' ');

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

describe('password reset through the outbox (no SMTP_URL)', () => {
  let t: TestApp;
  let tokens: Tokens;
  const outbox = () => path.join(t.config.dataDir, 'outbox');
  const mails = (): OutboxMail[] =>
    fs.existsSync(outbox())
      ? fs
          .readdirSync(outbox())
          .sort()
          .map((f) => JSON.parse(fs.readFileSync(path.join(outbox(), f), 'utf8')) as OutboxMail)
          // Not the sign-up's verification mail (verification.test.ts).
          .filter((m) => !m.links.some((l) => l.includes('/oidc/verify?')))
      : [];

  beforeAll(async () => {
    t = await createTestApp({ embeddedIdentity: true });
    const client = new TestOidcClient(t.url);
    tokens = await client.tokens(await client.signUp(account));
  });
  afterAll(() => t.close());

  async function requestReset(email: string) {
    const client = new TestOidcClient(t.url);
    const signIn = await client.begin();
    const forgotHref = /href="([^"]*\/oidc\/forgot[^"]*)"/
      .exec(signIn.text)![1]!
      .replace(/&amp;/g, '&');
    const forgot = await client.browser.navigate(new URL(forgotHref, signIn.url).href);
    expect(squash(forgot.text)).toContain('Passwort vergessen');
    const sent = await client.submit(forgot, { email });
    expect(sent.status).toBe(200);
    return { client, sent };
  }

  it('answers an unknown e-mail like a known one, and sends nothing', async () => {
    const { sent } = await requestReset('nobody@example.org');
    expect(squash(sent.text)).toContain(
      'Wenn es ein Konto mit dieser E-Mail-Adresse gibt, haben wir dir einen Link geschickt.',
    );
    expect(mails()).toHaveLength(0);
  });

  it('writes the mail with a one-hour, single-use link to the outbox; only a hash is stored', async () => {
    const { sent } = await requestReset('Forgetful@Example.org');
    expect(squash(sent.text)).toContain(
      'Wenn es ein Konto mit dieser E-Mail-Adresse gibt, haben wir dir einen Link geschickt.',
    );
    expect(squash(sent.text)).toContain('Zurück zur Anmeldung');
    const [mail] = mails();
    expect(mail).toMatchObject({
      to: 'forgetful@example.org',
      subject: 'Dein Arcadia-Passwort zurücksetzen',
    });
    expect(mail!.text).toContain('Hallo Forgetful,');
    const link = new URL(mail!.links[0]!);
    expect(link.origin + link.pathname).toBe(`${t.url}/oidc/reset`);
    expect(mail!.text).toContain(link.href);
    const token = link.searchParams.get('token')!;
    const rows = (
      await t.db.execute<{ token_hash: string; expires_at: string }>(
        'select token_hash, expires_at from password_resets',
      )
    ).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const lifetime = new Date(rows[0]!.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(3500_000);
    expect(lifetime).toBeLessThanOrEqual(3600_000);
  });

  it('sets a new password with the link, signs out everywhere, and the link works only once', async () => {
    const link = mails()[0]!.links[0]!;
    const client = new TestOidcClient(t.url);
    const page = await client.browser.navigate(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(squash(page.text)).toContain('Neues Passwort festlegen');

    const weak = await client.submit(page, { password: 'tooweak' });
    expect(weak.status).toBe(400);
    expect(squash(weak.text)).toContain('Das Passwort muss mindestens 10 Zeichen lang sein.');

    // The access token of the earlier sign-in works until the reset (no profile yet: 404).
    const me = (token: string) => t.request('GET', '/api/v2/user/me', { token });
    expect((await me(tokens.access_token)).status).toBe(404);
    const done = await client.submit(page, { password: 'second-Pass-22' });
    expect(done.status).toBe(200);
    // Its access token is refused at once, though it has most of its hour left.
    expect((await me(tokens.access_token)).status).toBe(401);
    expect(squash(done.text)).toContain('Dein Passwort wurde geändert.');

    // Signed out everywhere: the refresh token of the earlier sign-in is gone.
    expect((await client.refresh(tokens.refresh_token!)).body.error).toBe('invalid_grant');
    // The old password no longer works, the new one does.
    const old = new TestOidcClient(t.url);
    expect(
      (await old.submit(await old.begin(), { email: account.email, password: account.password }))
        .status,
    ).toBe(401);
    // A token's `iat` counts seconds, so the reset's own second is refused too: sign in after it.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const fresh = new TestOidcClient(t.url);
    const signedIn = await fresh.submit(await fresh.begin(), {
      email: account.email,
      password: 'second-Pass-22',
    });
    expect(fresh.codeFrom(signedIn.leftFor)).toBeTruthy();
    // A token of a sign-in after the reset works.
    const after = await fresh.tokens(fresh.codeFrom(signedIn.leftFor));
    expect((await me(after.access_token)).status).toBe(404);

    // Used once: the link is dead, for showing the form and for posting it.
    const again = await client.browser.navigate(link);
    expect(again.status).toBe(400);
    expect(squash(again.text)).toContain(
      'Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt.',
    );
    const form = formOf(page.text);
    const replay = await client.browser.navigate(new URL(form.action, page.url).href, {
      form: { ...form.fields, password: 'third-Pass-33' },
    });
    expect(replay.status).toBe(400);
  });

  it('refuses an expired link', async () => {
    await requestReset(account.email);
    const link = mails().at(-1)!.links[0]!;
    await t.db.execute(
      `update password_resets set expires_at = now() - interval '1 second' where used_at is null`,
    );
    const page = await new TestOidcClient(t.url).browser.navigate(link);
    expect(page.status).toBe(400);
    expect(squash(page.text)).toContain('Neuen Link anfordern');
  });

  it('writes the mail in English when the page was English', async () => {
    const before = mails().length;
    const client = new TestOidcClient(t.url, 'arcadia-web', 'en');
    const forgot = await client.browser.navigate('/oidc/forgot');
    expect(squash(forgot.text)).toContain('Forgot password');
    await client.submit(forgot, { email: account.email });
    const mail = mails()[before]!;
    expect(mail.subject).toBe('Reset your Arcadia password');
    expect(new URL(mail.links[0]!).searchParams.get('lang')).toBe('en');
  });

  it('stays in the app’s English from an English sign-in page in a German browser', async () => {
    // Its own account: the earlier tests spent the reset mails of `account` for the hour.
    const english = { email: 'english@example.org', password: 'english-Pass-12', nickname: 'Eng' };
    await new TestOidcClient(t.url).signUp(english);
    const before = mails().length;
    const client = new TestOidcClient(t.url, 'arcadia-web', 'de-DE,de;q=0.9');
    const signIn = await client.begin({ ui_locales: 'en' });
    expect(signIn.text).toContain('<h1 id="title">Sign in</h1>');
    const forgotHref = /href="([^"]*\/oidc\/forgot[^"]*)"/
      .exec(signIn.text)![1]!
      .replace(/&amp;/g, '&');
    const forgot = await client.browser.navigate(new URL(forgotHref, signIn.url).href);
    expect(squash(forgot.text)).toContain('Forgot password');
    const sent = await client.submit(forgot, { email: english.email });
    expect(squash(sent.text)).toContain('Back to sign in');
    const mail = mails()[before]!;
    expect(mail.subject).toBe('Reset your Arcadia password');
    expect(new URL(mail.links[0]!).searchParams.get('lang')).toBe('en');
    // Not a switch kept in a cookie: the next German app's sign-in is German again.
    expect(client.browser.cookieNames()).not.toContain('arcadia_lang');
  });

  it('answers a known address the same when its mail cannot be written (a full disk)', async () => {
    const moved = `${outbox()}.away`;
    if (fs.existsSync(outbox())) fs.renameSync(outbox(), moved);
    // A file where the outbox folder should be: every mail write fails.
    fs.writeFileSync(outbox(), '');
    try {
      // An account of its own: the others' reset mails are throttled by now.
      const own = {
        email: 'diskfull@example.org',
        password: 'full-Disk-2024',
        nickname: 'Diskfull',
      };
      const client = new TestOidcClient(t.url);
      await client.tokens(await client.signUp(own));
      const { sent } = await requestReset(own.email);
      expect(squash(sent.text)).toContain(
        'Wenn es ein Konto mit dieser E-Mail-Adresse gibt, haben wir dir einen Link geschickt.',
      );
    } finally {
      fs.rmSync(outbox(), { force: true });
      if (fs.existsSync(moved)) fs.renameSync(moved, outbox());
    }
  });
});

/**
 * Through SMTP, the forgot page answers an existing account without waiting for the mail server:
 * waiting would tell by the answer's time which addresses have an account. The mail server here
 * takes connections and never greets, as a slow or stuck one does.
 */
describe('password reset through SMTP: the answer does not wait for the mail', () => {
  let t: TestApp;
  let smtp: net.Server;
  const connections: net.Socket[] = [];

  beforeAll(async () => {
    smtp = net.createServer((socket) => connections.push(socket));
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.address() as net.AddressInfo;
    t = await createTestApp({
      embeddedIdentity: true,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    });
    const client = new TestOidcClient(t.url);
    await client.tokens(await client.signUp(account));
  });
  afterAll(async () => {
    for (const socket of connections) socket.destroy();
    await new Promise((resolve) => smtp.close(resolve));
    await t.close();
  });

  it('answers a known address as an unknown one, and the mail goes out after', async () => {
    for (const email of ['nobody@example.org', account.email]) {
      const client = new TestOidcClient(t.url);
      const forgot = await client.browser.navigate('/oidc/forgot');
      const before = connections.length;
      // Waiting for the silent server would take nodemailer's greeting timeout (30 s).
      const sent = await Promise.race([
        client.submit(forgot, { email }),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`${email}: the answer waited for SMTP`)), 5_000),
        ),
      ]);
      expect(sent.status).toBe(200);
      expect(squash(sent.text)).toContain(
        'Wenn es ein Konto mit dieser E-Mail-Adresse gibt, haben wir dir einen Link geschickt.',
      );
      if (email === account.email) {
        // The mail was handed to the mail server all the same.
        await expect.poll(() => connections.length, { timeout: 5_000 }).toBeGreaterThan(before);
      }
    }
  });
});
