import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MARKETING_CONSENT_VERSION,
  MARKETING_MAIL_LIMIT,
  PARENT_CONFIRMATION_HOURS,
} from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { accounts, marketingConsents, marketingTokens, users } from '../../db/schema';
import { MIGRATIONS_DIR } from '../../db/migration-tools/paths';
import { marketingRecipients } from './service';

const v = MARKETING_CONSENT_VERSION;

/** yyyy-mm-dd `years` years ago (a day earlier: the birthday has passed). */
const yearsAgo = (years: number, days = 1) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

/**
 * Issue 17: marketing mail goes only to proven addresses; consents from before double opt-in do
 * not count; under 16 a parent confirms by link (docs/privacy.md, "Minors", "Verified addresses").
 */
describe('marketing consent: verified addresses, old consents, minors', () => {
  let t: TestApp;
  let dataDir: string;
  let n = 0;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-minors-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const outbox = () => path.join(dataDir, 'outbox');
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

  interface PlayerOptions {
    birthday?: string;
    marketingConsent?: boolean;
    parentMail?: string;
    /** The sub is an account of the embedded provider with this e-mail, verified or not. */
    account?: { email: string; verified: boolean };
    /** The access token's claims (an external issuer's e-mail and email_verified). */
    claims?: Record<string, unknown>;
    mail?: string;
  }

  const register = async (o: PlayerOptions = {}) => {
    const username = `Kid${++n}`;
    const mail = o.mail ?? `${username.toLowerCase()}@example.com`;
    const sub = o.account ? randomUUID() : `minors-${n}`;
    if (o.account)
      await t.db.insert(accounts).values({
        id: sub,
        email: o.account.email,
        passwordHash: 'x',
        nickname: username,
        emailVerified: o.account.verified,
      });
    const token = await t.issuer.mint(sub, { extra: o.claims });
    const res = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: {
        username,
        mail,
        agb: true,
        birthday: o.birthday,
        marketingConsent: o.marketingConsent ?? false,
        parentMail: o.parentMail,
      },
    });
    return { res, token, mail, username, id: res.body?.id as string };
  };

  const player = async (o: PlayerOptions = {}) => {
    const p = await register(o);
    expect(p.res.status).toBe(201);
    return p;
  };

  /** Follows a link; when its page asks, presses the button (a form POST of the token). */
  const follow = async (link: string, headers: Record<string, string> = {}) => {
    const url = new URL(link);
    let res = await fetch(`${t.url}${url.pathname}${url.search}`, {
      redirect: 'manual',
      headers,
    });
    if (res.status === 200) {
      const html = await res.text();
      const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
      const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
      if (action && token)
        res = await fetch(`${t.url}${action}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token }).toString(),
        });
    }
    return {
      status: res.status,
      location: res.headers.get('location') ?? '',
      text: await res.text(),
      type: res.headers.get('content-type') ?? '',
    };
  };

  const me = async (token: string) => (await t.request('GET', '/api/v2/user/me', { token })).body;
  const events = async (userId: string) =>
    t.db
      .select({
        action: marketingConsents.action,
        source: marketingConsents.source,
        textVersion: marketingConsents.textVersion,
        parentMail: marketingConsents.parentMail,
        ip: marketingConsents.ip,
      })
      .from(marketingConsents)
      .where(eq(marketingConsents.userId, userId))
      .orderBy(marketingConsents.at);
  const recipients = async () => (await marketingRecipients(t.db)).map((r) => r.mail);

  describe('the profile address is the verified account e-mail or proven itself', () => {
    it('equal to the verified account e-mail: proven at registration', async () => {
      const email = `acc${n + 1}@example.com`;
      const p = await player({ account: { email, verified: true }, mail: email.toUpperCase() });
      expect(p.res.body.mailVerified).toBe(true);
      const [row] = await t.db.select().from(users).where(eq(users.id, p.id));
      expect(row!.mailVerifiedAt).not.toBeNull();
    });

    it('another address than the verified account e-mail is not proven', async () => {
      const p = await player({ account: { email: `acc${n + 1}@example.com`, verified: true } });
      expect(p.res.body.mailVerified).toBe(false);
    });

    it('the account e-mail verified later proves the equal profile address', async () => {
      const email = `late${n + 1}@example.com`;
      const p = await player({ account: { email, verified: false }, mail: email });
      expect(p.res.body.mailVerified).toBe(false);
      await t.db.update(accounts).set({ emailVerified: true }).where(eq(accounts.email, email));
      expect((await me(p.token)).mailVerified).toBe(true);
    });

    it("an external issuer's verified e-mail claim proves an equal address", async () => {
      const mail = `claim${n + 1}@example.com`;
      const verified = await player({ mail, claims: { email: mail, email_verified: true } });
      expect(verified.res.body.mailVerified).toBe(true);
      const unverified = await player({
        mail: `claim${n + 1}@example.com`,
        claims: { email: `claim${n + 1}@example.com`, email_verified: false },
      });
      expect(unverified.res.body.mailVerified).toBe(false);
    });

    it('the double opt-in link proves the address it went to, with the consent', async () => {
      const p = await player({ marketingConsent: true });
      expect(p.res.body).toMatchObject({ mailVerified: false, marketingPending: true });
      expect(await recipients()).not.toContain(p.mail);
      const [mail] = mailsTo(p.mail);
      expect((await follow(mail!.links[0]!)).location).toMatch(/=confirmed$/);
      expect(await me(p.token)).toMatchObject({ marketingConsent: true, mailVerified: true });
      expect(await recipients()).toContain(p.mail);
    });

    it('marketing mail goes only to consenting players with a proven address', async () => {
      const proven = await player({ claims: {}, marketingConsent: false });
      // A consent (set directly) on an unproven address: not a recipient.
      await t.db.update(users).set({ marketingConsent: true }).where(eq(users.id, proven.id));
      expect(await recipients()).not.toContain(proven.mail);
      await t.db.update(users).set({ mailVerifiedAt: new Date() }).where(eq(users.id, proven.id));
      expect(await recipients()).toContain(proven.mail);
      await t.db.update(users).set({ marketingConsent: false }).where(eq(users.id, proven.id));
      expect(await recipients()).not.toContain(proven.mail);
    });
  });

  describe('consents from before double opt-in do not count', () => {
    /** The data rule of migration 0036, run again on planted rows (it is idempotent). */
    const runDataRule = async () => {
      const file = fs
        .readdirSync(MIGRATIONS_DIR)
        .find((f) => f.endsWith('_minors_parent_consent_verified_mail.sql'))!;
      const statements = fs
        .readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
        .split('--> statement-breakpoint')
        .filter((s) => /^\s*(--[^\n]*\n\s*)*(INSERT|UPDATE)/.test(s));
      expect(statements).toHaveLength(2);
      for (const statement of statements) await t.db.execute(sql.raw(statement));
    };

    it('marketing on without a confirmed record is set aside and recorded; proven ones stay', async () => {
      const old = await player();
      await t.db.update(users).set({ marketingConsent: true }).where(eq(users.id, old.id));
      const proven = await player({ marketingConsent: true });
      await follow(mailsTo(proven.mail)[0]!.links[0]!);
      const off = await player();

      await runDataRule();
      expect(await me(old.token)).toMatchObject({ marketingConsent: false });
      expect(await events(old.id)).toEqual([
        expect.objectContaining({ action: 'invalidated', source: 'migration', textVersion: 0 }),
      ]);
      expect(await me(proven.token)).toMatchObject({ marketingConsent: true });
      expect((await events(proven.id)).map((e) => e.action)).toEqual(['requested', 'confirmed']);
      expect(await events(off.id)).toEqual([]);

      // Again: nothing more changes.
      await runDataRule();
      expect(await events(old.id)).toHaveLength(1);
      // The player is asked again by ticking the box: a fresh double opt-in.
      const res = await t.request('PATCH', '/api/v2/user/me', {
        token: old.token,
        body: { marketingConsent: true },
      });
      expect(res.body).toMatchObject({ marketingConsent: false, marketingPending: true });
    });
  });

  describe('under 16 a parent confirms', () => {
    const birthday = yearsAgo(14);

    it('registration refuses marketing under 16 without a parent address (400 naming it)', async () => {
      const before = await t.counts('users', 'marketing_consents', 'marketing_tokens');
      const { res } = await register({ birthday, marketingConsent: true });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('parentMail');
      const own = await register({
        birthday,
        marketingConsent: true,
        mail: 'same@example.com',
        parentMail: 'SAME@example.com',
      });
      expect(own.res.status).toBe(400);
      expect(JSON.stringify(own.res.body)).toContain('parentMail');
      // Nor the address the child signs in with (the profile's is another, typed freely).
      const signIn = await register({
        birthday,
        marketingConsent: true,
        mail: 'other-kid@example.com',
        account: { email: 'kid-signin@example.com', verified: false },
        parentMail: 'Kid-SignIn@example.com',
      });
      expect(signIn.res.status).toBe(400);
      expect(JSON.stringify(signIn.res.body)).toContain('parentMail');
      const external = await register({
        birthday,
        marketingConsent: true,
        claims: { email: 'kid-external@example.com' },
        parentMail: 'kid-external@example.com',
      });
      expect(external.res.status).toBe(400);
      const bad = await register({ birthday, marketingConsent: true, parentMail: 'nope' });
      expect(bad.res.status).toBe(400);
      expect(await t.counts('users', 'marketing_consents', 'marketing_tokens')).toEqual(before);
    });

    it('registers a 14-year-old: the parent gets the mail, marketing stays off until the link', async () => {
      const parentMail = `parent${n + 1}@example.com`;
      const p = await player({ birthday, marketingConsent: true, parentMail });
      expect(p.res.body).toMatchObject({
        marketingConsent: false,
        marketingPending: false,
        marketingAwaitsParent: parentMail,
      });
      // Nothing to the player, one mail to the parent in the player's language (German).
      expect(mailsTo(p.mail)).toEqual([]);
      const [mail] = mailsTo(parentMail);
      expect(mail!.subject).toContain('Bitte bestätige');
      expect(mail!.text).toContain(p.username);
      expect(mail!.text).toContain(`${PARENT_CONFIRMATION_HOURS} Stunden`);
      expect(mail!.links).toEqual([
        expect.stringMatching(/\/api\/marketing\/parent-confirm\?token=[\w-]{43}$/),
      ]);
      const [token] = await t.db
        .select()
        .from(marketingTokens)
        .where(eq(marketingTokens.userId, p.id));
      expect(token).toMatchObject({ kind: 'parent-confirm', parentMail });
      const hours = (token!.expiresAt!.getTime() - token!.createdAt.getTime()) / 3_600_000;
      expect(Math.round(hours)).toBe(PARENT_CONFIRMATION_HOURS);
      expect(await events(p.id)).toEqual([
        { action: 'requested', source: 'registration', textVersion: v, parentMail, ip: null },
      ]);
      expect(await recipients()).not.toContain(p.mail);

      // Opening the link (as a mail scanner does) only asks: nothing changes yet.
      const opened = await fetch(mail!.links[0]!.replace(/^https?:\/\/[^/]+/, t.url));
      expect(opened.status).toBe(200);
      const question = await opened.text();
      expect(question).toContain('Ich willige ein');
      expect(question).toContain(p.username);
      expect(await me(p.token)).toMatchObject({ marketingConsent: false });
      expect(await events(p.id)).toHaveLength(1);

      // The parent presses the button: a page thanks them, the consent counts, with who/when/where.
      const page = await follow(mail!.links[0]!);
      expect(page.status).toBe(200);
      expect(page.type).toMatch(/text\/html/);
      expect(page.text).toContain('Danke');
      expect(page.text).toContain(p.username);
      expect(await me(p.token)).toMatchObject({
        marketingConsent: true,
        marketingAwaitsParent: null,
      });
      const recorded = await events(p.id);
      expect(recorded.at(-1)).toMatchObject({
        action: 'confirmed',
        source: 'parent',
        parentMail,
        ip: expect.stringMatching(/127\.0\.0\.1/),
      });
      // Single use.
      const again = await follow(mail!.links[0]!);
      expect(again.status).toBe(400);
      expect(await events(p.id)).toHaveLength(2);
    });

    it('the parent mail is in English for an English-speaking player', async () => {
      const parentMail = `parent${n + 1}@example.com`;
      const p = await player({ birthday, parentMail: undefined });
      await t.request('PATCH', '/api/v2/user/me', { token: p.token, body: { language: 'en' } });
      const res = await t.request('PATCH', '/api/v2/user/me', {
        token: p.token,
        body: { marketingConsent: true, parentMail },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        marketingConsent: false,
        marketingAwaitsParent: parentMail,
      });
      const [mail] = mailsTo(parentMail);
      expect(mail!.subject).toContain('Please confirm');
      const page = await follow(mail!.links[0]!);
      expect(page.text).toContain('Thank you');
      expect((await me(p.token)).marketingConsent).toBe(true);
      expect((await events(p.id)).map((e) => `${e.action}:${e.source}`)).toEqual([
        'requested:settings',
        'confirmed:parent',
      ]);
    });

    it('settings refuse marketing under 16 without a parent address, and parentMail alone', async () => {
      const p = await player({ birthday });
      const before = await t.counts('marketing_consents', 'marketing_tokens');
      const none = await t.request('PATCH', '/api/v2/user/me', {
        token: p.token,
        body: { marketingConsent: true },
      });
      expect(none.status).toBe(400);
      expect(JSON.stringify(none.body)).toContain('parentMail');
      const alone = await t.request('PATCH', '/api/v2/user/me', {
        token: p.token,
        body: { parentMail: 'mum@example.com' },
      });
      expect(alone.status).toBe(400);
      expect(JSON.stringify(alone.body)).toContain('parentMail');
      expect(await t.counts('marketing_consents', 'marketing_tokens')).toEqual(before);
    });

    it('a request without the parent address gets its 400 before the mail limit, and costs none of it', async () => {
      const p = await player({ birthday });
      const tick = (body: Record<string, unknown>) =>
        t.request('PATCH', '/api/v2/user/me', { token: p.token, body });
      for (let i = 0; i < MARKETING_MAIL_LIMIT.max; i++)
        expect((await tick({ marketingConsent: true })).status).toBe(400);
      // None of them counted: every mail of the limit is still there.
      for (let i = 0; i < MARKETING_MAIL_LIMIT.max; i++)
        expect(
          (await tick({ marketingConsent: true, parentMail: `mum${n}@example.com` })).status,
        ).toBe(200);
      expect(
        (await tick({ marketingConsent: true, parentMail: `mum${n}@example.com` })).status,
      ).toBe(429);
      // Past the limit, a bad request still says what is wrong.
      const bad = await tick({ marketingConsent: true });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('parentMail');
    });

    it("settings refuse the child's own sign-in address as the parent's", async () => {
      const p = await player({
        birthday,
        account: { email: 'kid-own@example.com', verified: true },
      });
      const before = await t.counts('marketing_consents', 'marketing_tokens');
      const own = await t.request('PATCH', '/api/v2/user/me', {
        token: p.token,
        body: { marketingConsent: true, parentMail: 'kid-own@example.com' },
      });
      expect(own.status).toBe(400);
      expect(JSON.stringify(own.body)).toContain('parentMail');
      expect(await t.counts('marketing_consents', 'marketing_tokens')).toEqual(before);
      expect(mailsTo('kid-own@example.com')).toHaveLength(0);
    });

    it('expired, unknown and withdrawn parent links change nothing', async () => {
      const parentMail = `parent${n + 1}@example.com`;
      const p = await player({ birthday, marketingConsent: true, parentMail });
      const [mail] = mailsTo(parentMail);
      // Unticking while the parent's mail is out withdraws the request: the link is spent.
      await t.request('PATCH', '/api/v2/user/me', {
        token: p.token,
        body: { marketingConsent: false },
      });
      expect((await follow(mail!.links[0]!)).status).toBe(400);
      await t.request('PATCH', '/api/v2/user/me', {
        token: p.token,
        body: { marketingConsent: true, parentMail },
      });
      const [, second] = mailsTo(parentMail);
      await t.db
        .update(marketingTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(marketingTokens.userId, p.id));
      expect((await me(p.token)).marketingAwaitsParent).toBeNull();
      const before = await t.counts('marketing_consents', 'marketing_tokens');
      for (const link of [
        second!.links[0]!,
        `${t.url}/api/marketing/parent-confirm?token=${'a'.repeat(43)}`,
        `${t.url}/api/marketing/parent-confirm?token=short`,
        `${t.url}/api/marketing/parent-confirm`,
      ]) {
        const res = await follow(link);
        expect(res.status).toBe(400);
        expect(res.text).toContain('ungültig');
      }
      expect(await t.counts('marketing_consents', 'marketing_tokens')).toEqual(before);
      expect((await me(p.token)).marketingConsent).toBe(false);
    });

    it("the player's own confirm link cannot stand in for the parent's, nor the other way", async () => {
      const parentMail = `parent${n + 1}@example.com`;
      const p = await player({ birthday, marketingConsent: true, parentMail });
      const link = new URL(mailsTo(parentMail)[0]!.links[0]!);
      const token = link.searchParams.get('token');
      const res = await follow(`${t.url}/api/marketing/confirm?token=${token}`);
      expect(res.location).toMatch(/=invalid$/);
      expect((await me(p.token)).marketingConsent).toBe(false);
    });

    it('16 and over (and no birthday) need no parent; turning 16 keeps the record', async () => {
      const sixteen = await player({ birthday: yearsAgo(16), marketingConsent: true });
      expect(sixteen.res.body).toMatchObject({
        marketingPending: true,
        marketingAwaitsParent: null,
      });
      const fifteen = await register({
        birthday: yearsAgo(16, -1),
        marketingConsent: true,
      });
      expect(fifteen.res.status).toBe(400);
      const none = await player({ marketingConsent: true });
      expect(none.res.body.marketingPending).toBe(true);
    });

    it('export lists the parent confirmation; deletion removes it and the parent mail', async () => {
      const parentMail = `parent${n + 1}@example.com`;
      const p = await player({ birthday, marketingConsent: true, parentMail });
      const unconfirmed = await player({
        birthday,
        marketingConsent: true,
        parentMail: `parent${n + 1}@example.com`,
      });
      await follow(mailsTo(parentMail)[0]!.links[0]!);
      const exported = await t.request('GET', '/api/me/export?format=json', { token: p.token });
      expect(exported.body.consents.marketingEvents).toEqual([
        expect.objectContaining({ action: 'requested', parentMail, ip: null }),
        expect.objectContaining({ action: 'confirmed', source: 'parent', parentMail }),
      ]);
      expect(exported.body.consents.marketingLinks).toEqual([
        expect.objectContaining({ kind: 'parent-confirm', parentMail }),
      ]);
      expect(exported.body.profile).toHaveProperty('mailVerifiedAt', null);

      // Deleting the one whose parent has not confirmed also removes the mail to the parent.
      const waiting = `parent${n}@example.com`;
      expect(mailsTo(waiting)).toHaveLength(1);
      const del = await t.request('DELETE', `/api/v2/user/${unconfirmed.id}`, {
        token: unconfirmed.token,
      });
      expect(del.status).toBeLessThan(300);
      expect(mailsTo(waiting)).toEqual([]);
      for (const table of [marketingConsents, marketingTokens])
        expect(await t.db.select().from(table).where(eq(table.userId, unconfirmed.id))).toEqual([]);
    });
  });
});
