import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { formOf, type Page } from '../../../test/support/browser';
import { TestOidcClient } from '../../../test/support/oidc-client';

const owner = { email: 'owner@example.org', password: 'owner-Pass-12', nickname: 'Owner' };

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

describe('sign-up does not tell whether an e-mail has an account', () => {
  let t: TestApp;
  const outbox = () => path.join(t.config.dataDir, 'outbox');
  const mails = (): OutboxMail[] =>
    fs.existsSync(outbox())
      ? fs
          .readdirSync(outbox())
          .map((f) => JSON.parse(fs.readFileSync(path.join(outbox(), f), 'utf8')) as OutboxMail)
          // Not the sign-up's verification mail (verification.test.ts).
          .filter((m) => !m.links.some((l) => l.includes('/oidc/verify?')))
      : [];

  beforeAll(async () => {
    t = await createTestApp({ embeddedIdentity: true });
    // The owner signed up in English: the notice is in English whoever tries.
    const client = new TestOidcClient(t.url, 'arcadia-web', 'en-GB,en;q=0.9');
    await client.tokens(await client.signUp(owner));
  });
  afterAll(() => t.close());

  /** Posts the sign-up form once (no redirect followed) and returns the raw answer. */
  async function attempt(email: string) {
    const client = new TestOidcClient(t.url);
    const signIn = await client.begin();
    const signUp = await client.browser.navigate(
      new URL(/href="([^"]*\/signup)"/.exec(signIn.text)![1]!, signIn.url).href,
    );
    const form = formOf(signUp.text);
    const started = performance.now();
    const answer = await client.browser.request(new URL(form.action, signUp.url).href, {
      form: { ...form.fields, email, nickname: 'Prober', password: 'probe-Pass-12' },
    });
    const ms = performance.now() - started;
    const uid = /\/interaction\/([\w-]+)\/signup/.exec(form.action)![1]!;
    return { client, answer, ms, uid, csrf: form.fields.csrf ?? '' };
  }

  /** What an observer of one answer sees, with this interaction's own ids blanked. */
  function observable(page: Page, uid: string, csrf: string) {
    const blank = (s: string) => s.replaceAll(uid, '<uid>').replaceAll(csrf, '<csrf>');
    return {
      status: page.status,
      location: blank(page.headers.get('location') ?? ''),
      cookies: page.headers
        .getSetCookie()
        .map((c) => c.split('=')[0])
        .sort(),
      contentType: page.headers.get('content-type'),
      body: blank(page.text),
    };
  }

  it('answers a taken address exactly as a new one, and mails the owner instead', async () => {
    const before = await t.counts('accounts');
    const fresh = await attempt('newcomer@example.org');
    const taken = await attempt('Owner@Example.org');
    expect(observable(taken.answer, taken.uid, taken.csrf)).toEqual(
      observable(fresh.answer, fresh.uid, fresh.csrf),
    );
    expect(taken.answer.status).toBe(303);
    expect(taken.answer.text).not.toContain('schon ein Konto');
    // Both did the password hashing: neither answer is the quick one.
    expect(taken.ms).toBeGreaterThan(fresh.ms / 4);
    expect(await t.counts('accounts')).toEqual({ accounts: before.accounts! + 1 });

    // The owner is told, in the account's language, with ways to sign in or reset.
    await expect.poll(() => mails().length).toBe(1);
    const [mail] = mails();
    expect(mail).toMatchObject({
      to: 'owner@example.org',
      subject: 'Sign-up attempt with your e-mail address at Arcadia',
    });
    expect(mail!.text).toContain('Hi Owner,');
    expect(mail!.text).toContain('someone just tried to create a new Arcadia account');
    expect(mail!.links).toEqual([`${t.url}/login`, `${t.url}/oidc/forgot?lang=en`]);

    // Following on, the newcomer is signed in; the prober lands on the sign-in page, not in
    // the owner's account.
    const next = await taken.client.browser.navigate(taken.answer.headers.get('location')!);
    expect(next.leftFor).toBeUndefined();
    expect(next.status).toBe(200);
    expect(next.text).toContain('name="password"');
    // There the page says a mail went to the address and keeps it in the form, once.
    expect(next.text).toContain('role="status">Für diese E-Mail-Adresse gibt es vielleicht');
    const again = await taken.client.browser.navigate(next.url);
    expect(again.text).not.toContain('role="status">');
  });
});
