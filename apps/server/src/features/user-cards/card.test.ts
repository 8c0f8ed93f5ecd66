import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { parseUserCardClaim, userCardUrl } from '@arcadia/contracts';
import { command } from '../../admin/commands/card';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { hashCardSecret } from './card-secret';

const require = createRequire(import.meta.url);

describe('admin: card create / card print', () => {
  let t: TestApp;
  let out: string;
  let lines: string[];
  const run = (...args: string[]) => {
    lines = [];
    return command.run(args, {
      db: t.db,
      config: t.config,
      events: t.app.events,
      out: (line) => lines.push(line),
    });
  };
  const userCount = async () => {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return Number(row?.n);
  };

  beforeAll(async () => {
    t = await createTestApp();
    out = await fs.mkdtemp(path.join(os.tmpdir(), 'arcadia-cards-'));
    await prepareZXingModule({
      overrides: {
        wasmBinary: await fs.readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm')),
      },
      fireImmediately: true,
    });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(out, { recursive: true, force: true });
  });

  /** The card URL the command printed, with its claim secret. */
  const printedUrl = () => {
    const line = lines.find((l) => l.startsWith('card URL: '));
    return line!.slice('card URL: '.length);
  };

  it('creates an unclaimed profile and writes its card as PNG and SVG with a QR code of the card URL', async () => {
    expect(await run('create', '--name', 'KartenKai', '--out', out)).toBe(0);
    const [profile] = await t.db.select().from(users).where(eq(users.userName, 'KartenKai'));
    expect(profile).toBeDefined();
    expect(profile!.identitySub).toBeNull();
    // The URL carries the claim secret; only its hash is stored.
    const claim = parseUserCardClaim(printedUrl());
    expect(claim?.userId).toBe(profile!.id);
    expect(claim?.secret).toMatch(/^[\w-]{43}$/);
    expect(profile!.cardSecretHash).toBe(hashCardSecret(claim!.secret!));
    const url = userCardUrl(t.config.publicUrl, profile!.id, claim!.secret);
    expect(printedUrl()).toBe(url);

    const stem = path.join(out, `card-KartenKai-${profile!.id.slice(0, 8)}`);
    const svg = await fs.readFile(`${stem}.svg`, 'utf8');
    expect(svg).toContain('<svg');
    expect(svg).toContain('KartenKai');
    const png = await fs.readFile(`${stem}.png`);
    const decoded = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
    expect(decoded.map((r) => r.text)).toEqual([url]);
    // The files carry the claim secret: the owner's only.
    for (const file of [`${stem}.svg`, `${stem}.png`])
      expect((await fs.stat(file)).mode & 0o777, file).toBe(0o600);
  });

  it('reprints the card of an existing profile with a new claim secret (print does the same)', async () => {
    const [row] = await t.db.insert(users).values({ userName: 'PrintPia' }).returning();
    expect(await run('reprint', '--id', row!.id, '--out', out)).toBe(0);
    const first = parseUserCardClaim(printedUrl())!;
    const png = await fs.readFile(path.join(out, `card-PrintPia-${row!.id.slice(0, 8)}.png`));
    const decoded = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
    expect(decoded[0]?.text).toBe(userCardUrl(t.config.publicUrl, row!.id, first.secret));
    expect(lines.join('\n')).toMatch(/cards printed before .* can no longer claim it/);

    expect(await run('print', '--id', row!.id, '--out', out)).toBe(0);
    const second = parseUserCardClaim(printedUrl())!;
    expect(second.secret).not.toBe(first.secret);
    const [stored] = await t.db.select().from(users).where(eq(users.id, row!.id));
    expect(stored!.cardSecretHash).toBe(hashCardSecret(second.secret!));
  });

  it('prints the card of a claimed profile without a claim secret', async () => {
    const [row] = await t.db
      .insert(users)
      .values({ userName: 'ClaimedCleo', identitySub: 'sub-cleo' })
      .returning();
    expect(await run('reprint', '--id', row!.id, '--out', out)).toBe(0);
    expect(printedUrl()).toBe(userCardUrl(t.config.publicUrl, row!.id));
    expect(lines.join('\n')).toMatch(/already linked to a sign-in/);
  });

  it('refuses a user name taken in any case, and writes nothing', async () => {
    const before = await userCount();
    expect(await run('create', '--name', 'kartenkai', '--out', out)).toBe(1);
    expect(lines.join('\n')).toMatch(/already taken/);
    expect(await userCount()).toBe(before);
  });

  it('refuses a user name against the registration rules, and writes nothing', async () => {
    const before = await userCount();
    for (const name of ['ab', 'ThirteenChars', 'no spaces']) {
      expect(await run('create', '--name', name, '--out', out)).toBe(1);
      expect(lines.join('\n')).toMatch(/username/);
    }
    expect(await userCount()).toBe(before);
  });

  it('lists the unclaimed profiles; one without a card secret needs a reprint', async () => {
    const [old] = await t.db.insert(users).values({ userName: 'OldCardOle' }).returning();
    expect(await run('list')).toBe(0);
    const [kai] = await t.db.select().from(users).where(eq(users.userName, 'KartenKai'));
    expect(lines).toContain(`${kai!.id}  KartenKai  card can claim`);
    expect(lines).toContain(`${old!.id}  OldCardOle  no card`);
    expect(lines.join('\n')).not.toContain('ClaimedCleo');
  });

  it('fails with a usage exit code on a missing or bad argument', async () => {
    expect(await run('create', '--out', out)).toBe(2);
    expect(await run('print', '--id', 'nope')).toBe(2);
    expect(await run('reprint')).toBe(2);
    expect(await run('print', '--id', '00000000-0000-4000-8000-000000000000')).toBe(1);
    expect(await run('reprint', '--id', '00000000-0000-4000-8000-000000000000')).toBe(1);
    expect(await run('explode')).toBe(2);
    expect(await run('create', '--nme', 'x')).toBe(2);
  });
});
