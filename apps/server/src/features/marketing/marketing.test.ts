import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MARKETING_CONSENT_VERSION,
  MARKETING_MAIL_LIMIT,
  MARKETING_MAILS_PER_RECIPIENT,
} from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { marketingConsents, marketingTokens, users } from '../../db/schema';

/** Marketing mail by double opt-in (docs/privacy.md): ticking asks, the mail's link consents. */
describe('marketing consent with proof (double opt-in)', () => {
  let t: TestApp;
  let dataDir: string;
  let n = 0;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-marketing-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const outbox = () => path.join(dataDir, 'outbox');
  /** The mails in the outbox to this address, oldest first. */
  const mailsTo = (address: string) => {
    if (!fs.existsSync(outbox())) return [];
    return fs
      .readdirSync(outbox())
      .sort()
      .map((name) => JSON.parse(fs.readFileSync(path.join(outbox(), name), 'utf8')))
      .filter((mail: { to: string }) => mail.to === address) as Array<{
      to: string;
      subject: string;
      text: string;
      links: string[];
    }>;
  };

  const player = async (marketingConsent = false) => {
    const username = `Mail${++n}`;
    const mail = `${username.toLowerCase()}@example.com`;
    const token = await t.issuer.mint(`marketing-${n}`);
    const res = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: { username, mail, agb: true, marketingConsent },
    });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, token, mail, profile: res.body };
  };

  /**
   * Follows a link of the mail without following the redirect; when its page asks (a confirm
   * link), presses the page's button (a form POST of the token), as the player does.
   */
  const follow = async (link: string) => {
    const url = new URL(link);
    let res = await fetch(`${t.url}${url.pathname}${url.search}`, { redirect: 'manual' });
    if (res.status === 200) {
      const html = await res.text();
      const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
      const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
      expect(action && token, 'the page asks with a button').toBeTruthy();
      res = await fetch(`${t.url}${action}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: token! }).toString(),
      });
    }
    return { status: res.status, location: res.headers.get('location') ?? '' };
  };

  const events = async (userId: string) =>
    (
      await t.db
        .select({
          action: marketingConsents.action,
          source: marketingConsents.source,
          textVersion: marketingConsents.textVersion,
        })
        .from(marketingConsents)
        .where(eq(marketingConsents.userId, userId))
        .orderBy(marketingConsents.at)
    ).map((e) => `${e.action}:${e.source}:${e.textVersion}`);

  const me = async (token: string) => (await t.request('GET', '/api/v2/user/me', { token })).body;

  const tick = (token: string, marketingConsent: boolean) =>
    t.request('PATCH', '/api/v2/user/me', { token, body: { marketingConsent } });

  const v = MARKETING_CONSENT_VERSION;

  it('ticking in the settings mails a working link and consents to nothing yet', async () => {
    const p = await player();
    const res = await tick(p.token, true);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ marketingConsent: false, marketingPending: true });
    const [mail] = mailsTo(p.mail);
    expect(mail).toBeDefined();
    expect(mail!.links[0]).toMatch(/\/api\/marketing\/confirm\?token=[\w-]{43}$/);
    expect(mail!.links[1]).toMatch(/\/api\/marketing\/unsubscribe\?token=[\w-]{43}$/);
    expect(await events(p.id)).toEqual([`requested:settings:${v}`]);
    // Only hashes are stored.
    const stored = await t.db
      .select()
      .from(marketingTokens)
      .where(eq(marketingTokens.userId, p.id));
    for (const link of mail!.links)
      expect(stored.map((s) => s.tokenHash)).not.toContain(new URL(link).searchParams.get('token'));

    // Opening the link (as a mail scanner does) only shows the question: nothing changes.
    const opened = await fetch(mail!.links[0]!.replace(/^https?:\/\/[^/]+/, t.url), {
      redirect: 'manual',
    });
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('Ja, Mails bekommen');
    expect(await me(p.token)).toMatchObject({ marketingConsent: false, marketingPending: true });
    expect(await events(p.id)).toEqual([`requested:settings:${v}`]);

    const confirmed = await follow(mail!.links[0]!);
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toMatch(/\/settings\?marketing=confirmed$/);
    expect(await me(p.token)).toMatchObject({ marketingConsent: true, marketingPending: false });
    expect(await events(p.id)).toEqual([`requested:settings:${v}`, `confirmed:mail:${v}`]);
    // From where: the confirmation records the address the button was pressed from.
    const [confirmation] = await t.db
      .select({ ip: marketingConsents.ip })
      .from(marketingConsents)
      .where(and(eq(marketingConsents.userId, p.id), eq(marketingConsents.action, 'confirmed')));
    expect(confirmation!.ip).toMatch(/127\.0\.0\.1/);

    // The link is single use: a second visit is refused and changes nothing.
    const again = await follow(mail!.links[0]!);
    expect(again.location).toMatch(/\?marketing=invalid$/);
    expect(await events(p.id)).toHaveLength(2);
  });

  it('refuses unknown, malformed and expired links, changing nothing', async () => {
    const p = await player();
    await tick(p.token, true);
    const [mail] = mailsTo(p.mail);
    await t.db
      .update(marketingTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(marketingTokens.userId, p.id));
    const before = await t.counts('marketing_consents', 'marketing_tokens');
    for (const link of [
      mail!.links[0]!,
      `${t.url}/api/marketing/confirm?token=${'a'.repeat(43)}`,
      `${t.url}/api/marketing/confirm?token=short`,
      `${t.url}/api/marketing/confirm`,
      `${t.url}/api/marketing/unsubscribe?token=${'b'.repeat(43)}`,
    ]) {
      const res = await follow(link);
      expect(res.status).toBe(303);
      expect(res.location).toMatch(/\?marketing=invalid$/);
    }
    expect(await t.counts('marketing_consents', 'marketing_tokens')).toEqual(before);
    expect(await me(p.token)).toMatchObject({ marketingConsent: false, marketingPending: false });
    expect(await events(p.id)).toEqual([`requested:settings:${v}`]);
  });

  it('a new request spends the older link', async () => {
    const p = await player();
    await tick(p.token, true);
    await tick(p.token, true);
    const [first, second] = mailsTo(p.mail);
    expect((await follow(first!.links[0]!)).location).toMatch(/=invalid$/);
    expect((await follow(second!.links[0]!)).location).toMatch(/=confirmed$/);
    // Ticking again once consented sends nothing.
    await tick(p.token, true);
    expect(mailsTo(p.mail)).toHaveLength(2);
  });

  it('sends at most MARKETING_MAIL_LIMIT confirmation mails an hour, then 429', async () => {
    const p = await player();
    for (let i = 0; i < MARKETING_MAIL_LIMIT.max; i++)
      expect((await tick(p.token, true)).status).toBe(200);
    const before = await t.counts('marketing_consents', 'marketing_tokens');
    const res = await tick(p.token, true);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('rate_limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.counts('marketing_consents', 'marketing_tokens')).toEqual(before);
    expect(mailsTo(p.mail)).toHaveLength(MARKETING_MAIL_LIMIT.max);
    // Withdrawing is never limited.
    expect((await tick(p.token, false)).status).toBe(200);
  });

  it('counts the registration’s confirmation mail against the sign-in’s limit', async () => {
    const p = await player(true);
    expect(mailsTo(p.mail)).toHaveLength(1);
    for (let i = 1; i < MARKETING_MAIL_LIMIT.max; i++)
      expect((await tick(p.token, true)).status).toBe(200);
    expect((await tick(p.token, true)).status).toBe(429);
    expect(mailsTo(p.mail)).toHaveLength(MARKETING_MAIL_LIMIT.max);
  });

  it('mails one address at most MARKETING_MAILS_PER_RECIPIENT times a day, whoever names it', async () => {
    // Throw-away accounts naming someone else's address, each within its own limit.
    const victim = 'victim@example.com';
    const accounts = [];
    for (let i = 0; i < 3; i++) {
      const token = await t.issuer.mint(`bomber-${i}`);
      const res = await t.request('POST', '/api/v2/user/registration', {
        token,
        body: { username: `Bomber${i}`, mail: victim, agb: true, marketingConsent: true },
      });
      expect(res.status).toBe(201);
      accounts.push(token);
    }
    for (const token of accounts) {
      await tick(token, false);
      await tick(token, true);
    }
    // Six asked; five went, and the sixth request stays pending without a mail.
    expect(mailsTo(victim)).toHaveLength(MARKETING_MAILS_PER_RECIPIENT.max);
    expect(await me(accounts.at(-1)!)).toMatchObject({ marketingPending: true });
  });

  it('registration with marketing mail ticked is pending, not consented', async () => {
    const p = await player(true);
    expect(p.profile).toMatchObject({ marketingConsent: false, marketingPending: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, p.id));
    expect(row!.marketingConsent).toBe(false);
    expect(await events(p.id)).toEqual([`requested:registration:${v}`]);
    const [mail] = mailsTo(p.mail);
    expect((await follow(mail!.links[0]!)).location).toMatch(/=confirmed$/);
    expect(await me(p.token)).toMatchObject({ marketingConsent: true });
  });

  it('unticking in the settings withdraws at once, and is recorded', async () => {
    const p = await player(true);
    await follow(mailsTo(p.mail)[0]!.links[0]!);
    const res = await tick(p.token, false);
    expect(res.body).toMatchObject({ marketingConsent: false, marketingPending: false });
    expect(await events(p.id)).toEqual([
      `requested:registration:${v}`,
      `confirmed:mail:${v}`,
      `withdrawn:settings:${v}`,
    ]);
    // Nothing on: unticking again records nothing.
    await tick(p.token, false);
    expect(await events(p.id)).toHaveLength(3);
  });

  it('unticking while a mail is out withdraws the request: its link no longer works', async () => {
    const p = await player();
    await tick(p.token, true);
    await tick(p.token, false);
    expect(await me(p.token)).toMatchObject({ marketingConsent: false, marketingPending: false });
    expect((await follow(mailsTo(p.mail)[0]!.links[0]!)).location).toMatch(/=invalid$/);
    expect(await events(p.id)).toEqual([`requested:settings:${v}`, `withdrawn:settings:${v}`]);
  });

  it('the unsubscribe link withdraws without signing in, and is recorded', async () => {
    const p = await player(true);
    const [mail] = mailsTo(p.mail);
    await follow(mail!.links[0]!);
    const res = await follow(mail!.links[1]!);
    expect(res.status).toBe(303);
    expect(res.location).toMatch(/\/settings\?marketing=unsubscribed$/);
    expect(await me(p.token)).toMatchObject({ marketingConsent: false, marketingPending: false });
    expect(await events(p.id)).toEqual([
      `requested:registration:${v}`,
      `confirmed:mail:${v}`,
      `withdrawn:mail:${v}`,
    ]);
    // Following it again is fine and records nothing new.
    expect((await follow(mail!.links[1]!)).location).toMatch(/=unsubscribed$/);
    expect(await events(p.id)).toHaveLength(3);
  });

  it('the export lists the consent events and links (no token hashes)', async () => {
    const p = await player(true);
    const res = await t.request('GET', '/api/me/export?format=json', { token: p.token });
    expect(res.status).toBe(200);
    expect(res.body.consents.marketingMails).toBe(false);
    expect(res.body.consents.marketingEvents).toEqual([
      expect.objectContaining({ action: 'requested', source: 'registration', textVersion: v }),
    ]);
    expect(res.body.consents.marketingLinks).toHaveLength(2);
    expect(JSON.stringify(res.body)).not.toMatch(/token_?hash/i);
  });
});
