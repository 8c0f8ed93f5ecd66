import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { loadConfig } from '../../config';
import { DEMO_KEYS_FILE, seedArcade } from '../../seed/arcade';
import { removeExpiredOutboxMail } from './mailer';
import { capturedLog } from '../../../test/support/log-lines';
import { TestOidcClient } from '../../../test/support/oidc-client';

const account = { email: 'quiet@example.org', password: 'quiet-Pass-12', nickname: 'Quiet' };

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('no secret in the production log (no SMTP_URL)', () => {
  let t: TestApp;
  const log = capturedLog();
  const outbox = () => path.join(t.config.dataDir, 'outbox');

  beforeAll(async () => {
    t = await createTestApp({
      embeddedIdentity: true,
      env: { NODE_ENV: 'production', LOG_LEVEL: 'trace' },
      logStream: log.stream,
    });
    const client = new TestOidcClient(t.url);
    await client.tokens(await client.signUp(account));
    // The sign-up's verification mail, written in the background.
    for (let i = 0; i < 100 && !(fs.existsSync(outbox()) && fs.readdirSync(outbox()).length); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
  });
  afterAll(() => t.close());

  it('writes a reset mail to the outbox only (0600 in a 0700 folder), its link nowhere in the log', async () => {
    const client = new TestOidcClient(t.url);
    const signIn = await client.begin();
    const forgotHref = /href="([^"]*\/oidc\/forgot[^"]*)"/
      .exec(signIn.text)![1]!
      .replace(/&amp;/g, '&');
    const forgot = await client.browser.navigate(new URL(forgotHref, signIn.url).href);
    expect((await client.submit(forgot, { email: account.email })).status).toBe(200);

    // Beside the sign-up's verification mail.
    const files = fs
      .readdirSync(outbox())
      .filter((f) => !fs.readFileSync(path.join(outbox(), f), 'utf8').includes('/oidc/verify?'));
    expect(files).toHaveLength(1);
    const file = path.join(outbox(), files[0]!);
    expect(mode(outbox())).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    const mail = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      links: string[];
      expiresAt: string;
    };
    const link = mail.links[0]!;
    const token = new URL(link).searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{43}$/);

    const text = log.lines.join('\n');
    expect(text).toContain('the mail was written to the outbox');
    expect(text).toContain(file);
    expect(text).not.toContain(token);
    expect(text).not.toContain('/oidc/reset?');
    expect(text).not.toContain('/oidc/verify?');
    // Nor the subject: some name the player (a parent's confirmation names the child).
    expect(text).not.toContain('"subject"');

    // Kept while the link works, removed once it has expired.
    expect(await removeExpiredOutboxMail(t.config)).toBe(0);
    expect(fs.existsSync(file)).toBe(true);
    const expiry = Date.parse(mail.expiresAt);
    expect(expiry - Date.now()).toBeGreaterThan(50 * 60_000);
    expect(await removeExpiredOutboxMail(t.config, expiry + 1)).toBe(1);
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe('demo device keys', () => {
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-keys-'));
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('go to a 0600 file in DATA_DIR in production, named in the log without the keys', async () => {
    const log = capturedLog();
    const logger = pino({ level: 'trace' }, log.stream);
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
    await seedArcade({ db: t.db, config, log: logger });
    const file = path.join(dataDir, DEMO_KEYS_FILE);
    expect(mode(file)).toBe(0o600);
    const keys = [...fs.readFileSync(file, 'utf8').matchAll(/ key ([\w-]{43}) /g)].map(
      (m) => m[1]!,
    );
    expect(keys).toHaveLength(3);
    const text = log.lines.join('\n');
    expect(text).toContain(file);
    for (const key of keys) expect(text).not.toContain(key);
  });
});
