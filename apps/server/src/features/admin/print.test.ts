import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDeviceCode, parseUserCardClaim } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { addArcade, addDevice } from '../../../test/support/arcade';
import { addOperators, checkAccessMatrix, type Operators } from '../../../test/support/operators';
import { decodeQrCodes, download, pdfContent } from '../../../test/support/printouts';
import { auditLog, userCardBatchCards, userCardBatches, users } from '../../db/schema';

/** What the server stores of a claim secret (features/user-cards/card-secret.ts). */
const hashCardSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

const WRITES = ['users', 'user_card_batches', 'user_card_batch_cards', 'audit_log'] as const;

describe('operator API: printing (device signs, user-card batches)', () => {
  let t: TestApp;
  let ops: Operators;
  const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(auditLog.id)).at(-1);
  const batches = (arcade = ops.arcade) => `/api/admin/arcades/${arcade}/user-cards/batches`;
  const makeBatch = async (count: number, label?: string) => {
    const res = await t.request('POST', batches(), {
      token: ops.staff.token,
      body: { count, label },
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; cards: Array<{ userId: string; userName: string }> };
  };

  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
  });
  afterAll(() => t.close());

  describe('GET …/devices/{deviceId}/sign', () => {
    const sign = (format = 'pdf', arcade = ops.arcade, device = ops.device.id) =>
      `/api/admin/arcades/${arcade}/devices/${device}/sign?format=${format}`;

    it('staff of the arcade and admins; refusals write nothing; not audited', async () => {
      const before = await t.counts('audit_log');
      await checkAccessMatrix(t, ops, {
        call: () => ({ method: 'GET', path: sign('png') }),
        expect: { staff: 200, admin: 200 },
        tables: WRITES,
      });
      expect(await t.counts('audit_log')).toEqual(before);
    });

    it('PNG at 300 dpi: its QR code is the device code the play scanner accepts', async () => {
      const res = await download(t, 'GET', sign('png'), ops.staff.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="arcadia-sign-${ops.arcade}-${ops.device.id}.png"`,
      );
      expect(res.headers.get('cache-control')).toBe('no-store');
      // A6 at 300 dpi: 1240 x 1748 px, density recorded (PNG pHYs: 11811 px per metre).
      const png = Buffer.from(res.bytes);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1240, 1748]);
      const phys = png.indexOf('pHYs');
      expect(png.readUInt32BE(phys + 4)).toBe(11811);
      const codes = await decodeQrCodes(res.bytes);
      expect(codes).toEqual([`deviceId=${ops.arcade};${ops.device.id}`]);
      expect(parseDeviceCode(codes[0]!)).toEqual({ arcade: ops.arcade, id: ops.device.id });
    });

    it('PDF: a valid PDF naming arcade and device, umlauts and all, in German and English', async () => {
      await addArcade(t, 'koenig', 'Spielhalle Königsstraße');
      const device = await addDevice(t, 'koenig', 'arena-sued');
      await t.db.execute(
        sql`update devices set name = 'Arena Süd' where arcade_id = 'koenig' and id = ${device.id}`,
      );
      const res = await download(t, 'GET', sign('pdf', 'koenig', device.id), ops.admin.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(
        'attachment; filename="arcadia-sign-koenig-arena-sued.pdf"',
      );
      expect(Buffer.from(res.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      const pdf = await pdfContent(res.bytes);
      expect(pdf.pages).toHaveLength(1);
      const text = pdf.pages[0]!.replace(/\s+/g, ' ');
      for (const words of [
        'Spielhalle Königsstraße',
        'Arena Süd',
        'Scanne den Code mit der Arcadia-App',
        'Scan the code with the Arcadia app',
      ])
        expect(text).toContain(words);
      expect(pdf.title).toBe('Arcadia – Spielhalle Königsstraße – Arena Süd');
    });

    it('400 for an unknown format, 404 for an unknown device', async () => {
      const bad = await t.request('GET', sign('gif'), { token: ops.staff.token });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body.error.details)).toContain('format');
      const missing = await t.request('GET', sign('pdf', ops.arcade, 'nope'), {
        token: ops.staff.token,
      });
      expect(missing.status).toBe(404);
    });
  });

  describe('user-card batches', () => {
    it('POST: staff of it and admins create count profiles in one batch; audited', async () => {
      await checkAccessMatrix(t, ops, {
        call: (caller) => ({
          method: 'POST',
          path: batches(),
          body: { count: 3, label: `Run of ${caller}` },
        }),
        expect: { staff: 201, admin: 201 },
        tables: WRITES,
      });
      const audit = await lastAudit();
      expect(audit).toMatchObject({
        action: 'user_card.batch_create',
        targetType: 'user_card_batch',
        arcadeId: ops.arcade,
        actorUserId: ops.admin.id,
        after: { count: 3, label: 'Run of admin' },
      });
      const created = await t.request('GET', `${batches()}/${audit!.targetId}`, {
        token: ops.admin.token,
      });
      expect(created.body).toMatchObject({
        label: 'Run of admin',
        size: 3,
        claimed: 0,
        unclaimed: 3,
        deleted: 0,
        createdBy: { userId: ops.admin.id },
        printedAt: null,
      });
      expect(created.body.cards.map((c: { position: number }) => c.position)).toEqual([1, 2, 3]);
      for (const card of created.body.cards) {
        expect(card.userName).toMatch(/^Karte-[2-9A-HJKMNP-Z]{6}$/);
        expect(card.status).toBe('unprinted');
      }
      // Unclaimed profiles, no secret issued yet (only a printed sheet carries one).
      const rows = await t.db
        .select()
        .from(users)
        .where(eq(users.id, created.body.cards[0].userId));
      expect(rows[0]).toMatchObject({ identitySub: null, cardSecretHash: null });
    });

    it('POST: 400 naming the fields for bad input, 404 for an unknown arcade; nothing written', async () => {
      const before = await t.counts(...WRITES);
      for (const body of [
        { count: 0 },
        { count: 101 },
        { count: 2.5 },
        { count: 'ten' },
        {},
        { count: 2, label: 'x'.repeat(61) },
      ]) {
        const res = await t.request('POST', batches(), { token: ops.staff.token, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        const fields = JSON.stringify(res.body.error.details);
        expect(fields).toContain('label' in body ? 'label' : 'count');
      }
      const unknown = await t.request('POST', batches('no-such-arcade'), {
        token: ops.admin.token,
        body: { count: 2 },
      });
      expect(unknown.status).toBe(404);
      expect(await t.counts(...WRITES)).toEqual(before);
    });

    it('GET list: staff of it and admins; counts, newest first, paged', async () => {
      await checkAccessMatrix(t, ops, {
        call: () => ({ method: 'GET', path: batches() }),
        expect: { staff: 200, admin: 200 },
        tables: WRITES,
      });
      const all = await t.request('GET', batches(), { token: ops.staff.token });
      expect(all.body.batches.map((b: { label: string }) => b.label)).toEqual([
        'Run of admin',
        'Run of staff',
      ]);
      expect(all.body.next).toBeNull();
      const first = await t.request('GET', `${batches()}?limit=1`, { token: ops.staff.token });
      expect(first.body.batches).toHaveLength(1);
      const second = await t.request('GET', `${batches()}?limit=1&before=${first.body.next}`, {
        token: ops.staff.token,
      });
      expect(second.body.batches[0].label).toBe('Run of staff');
      expect(second.body.next).toBeNull();
      const other = await t.request('GET', batches(ops.otherArcade), { token: ops.admin.token });
      expect(other.body.batches).toEqual([]);
      const bad = await t.request('GET', `${batches()}?limit=0&before=x`, {
        token: ops.staff.token,
      });
      expect(bad.status).toBe(400);
      const unknown = await t.request('GET', batches('no-such-arcade'), { token: ops.admin.token });
      expect(unknown.status).toBe(404);
    });

    it('GET one: staff of it and admins; another arcade’s batch is not found there', async () => {
      const batch = await makeBatch(2);
      await checkAccessMatrix(t, ops, {
        call: () => ({ method: 'GET', path: `${batches()}/${batch.id}` }),
        expect: { staff: 200, admin: 200 },
        tables: WRITES,
      });
      const elsewhere = await t.request('GET', `${batches(ops.otherArcade)}/${batch.id}`, {
        token: ops.admin.token,
      });
      expect(elsewhere.status).toBe(404);
      const bad = await t.request('GET', `${batches()}/not-a-uuid`, { token: ops.staff.token });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body.error.details)).toContain('batchId');
    });
  });

  describe('POST …/batches/{batchId}/sheet', () => {
    const sheet = (batchId: string, query = 'format=png') =>
      `${batches()}/${batchId}/sheet?${query}`;
    const link = (userId: string, secret: string, sub: string) =>
      t.issuer
        .mint(sub)
        .then((token) =>
          t.request('POST', '/api/v2/user/me/link', { token, body: { userId, secret } }),
        );

    it('staff of it and admins; refusals write nothing; each print audited', async () => {
      const batch = await makeBatch(2);
      await checkAccessMatrix(t, ops, {
        call: () => ({ method: 'POST', path: sheet(batch.id, 'format=pdf') }),
        expect: { staff: 200, admin: 200 },
        tables: WRITES,
      });
      expect(await lastAudit()).toMatchObject({
        action: 'user_card.batch_print',
        targetType: 'user_card_batch',
        targetId: batch.id,
        arcadeId: ops.arcade,
        actorUserId: ops.admin.id,
        after: { format: 'pdf', page: null, cards: 2 },
      });
    });

    it('PNG: each card’s QR code is its profile URL with a claim secret that claims it once', async () => {
      const batch = await makeBatch(3, 'Sommerfest');
      const res = await download(t, 'POST', sheet(batch.id), ops.staff.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="arcadia-cards-${ops.arcade}-sommerfest-p1.png"`,
      );
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-page-count')).toBe('1');
      const claims = (await decodeQrCodes(res.bytes)).map((code) => {
        expect(code.startsWith(`${t.config.publicUrl}/u/`)).toBe(true);
        return parseUserCardClaim(code)!;
      });
      // Two columns: cards 1 and 2 side by side, then 3.
      expect(claims.map((c) => c.userId)).toEqual(batch.cards.map((c) => c.userId));
      for (const claim of claims) {
        const [row] = await t.db.select().from(users).where(eq(users.id, claim.userId));
        expect(row!.cardSecretHash).toBe(hashCardSecret(claim.secret!));
      }
      const detail = await t.request('GET', `${batches()}/${batch.id}`, { token: ops.staff.token });
      expect(detail.body.printedAt).not.toBeNull();
      expect(detail.body.cards.map((c: { status: string }) => c.status)).toEqual([
        'printed',
        'printed',
        'printed',
      ]);

      // The first card is claimed with its secret: the batch shows it, the secret is spent.
      const [first, second] = claims;
      expect((await link(first!.userId, first!.secret!, 'sub-claimer')).status).toBe(200);
      expect((await link(first!.userId, first!.secret!, 'sub-second')).status).toBe(404);
      const after = await t.request('GET', `${batches()}/${batch.id}`, { token: ops.staff.token });
      expect(after.body).toMatchObject({ claimed: 1, unclaimed: 2 });
      expect(after.body.cards[0]).toMatchObject({ status: 'claimed', userId: first!.userId });
      expect(after.body.cards[0].claimedAt).not.toBeNull();

      // Printed again: the claimed card is left off, the others get new secrets and the old
      // sheet's secrets stop claiming.
      const again = await download(t, 'POST', sheet(batch.id, 'format=pdf'), ops.staff.token);
      const pdf = await pdfContent(again.bytes);
      expect(pdf.pages).toHaveLength(1);
      expect(pdf.pages[0]).not.toContain(batch.cards[0]!.userName);
      expect(pdf.pages[0]).toContain(batch.cards[1]!.userName);
      expect(pdf.pages[0]).toContain(batch.cards[2]!.userName);
      expect(pdf.pages[0]).toContain('Sommerfest');
      expect((await link(second!.userId, second!.secret!, 'sub-late')).status).toBe(404);
    });

    it('PDF: every page of a large batch; PNG one page at a time; 409 past the last page', async () => {
      const batch = await makeBatch(12);
      const res = await download(t, 'POST', sheet(batch.id, 'format=pdf'), ops.admin.token);
      expect(Buffer.from(res.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      expect(res.headers.get('x-page-count')).toBe('2');
      const pdf = await pdfContent(res.bytes);
      expect(pdf.pages).toHaveLength(2);
      expect(pdf.pages[1]).toContain(batch.cards[11]!.userName);
      expect(pdf.pages[1]).toContain('2/2');
      const second = await download(
        t,
        'POST',
        sheet(batch.id, 'format=png&page=2'),
        ops.admin.token,
      );
      const codes = await decodeQrCodes(second.bytes);
      expect(codes.map((c) => parseUserCardClaim(c)?.userId)).toEqual(
        batch.cards.slice(10).map((c) => c.userId),
      );
      const before = await t.counts(...WRITES);
      const past = await t.request('POST', sheet(batch.id, 'format=png&page=3'), {
        token: ops.admin.token,
      });
      expect(past.status).toBe(409);
      expect(await t.counts(...WRITES)).toEqual(before);
    });

    it('400 bad query, 404 unknown batch, 409 when every card is claimed; nothing written', async () => {
      const batch = await makeBatch(1);
      const printed = await download(t, 'POST', sheet(batch.id), ops.staff.token);
      const [claim] = (await decodeQrCodes(printed.bytes)).map((c) => parseUserCardClaim(c)!);
      expect((await link(claim!.userId, claim!.secret!, 'sub-only-card')).status).toBe(200);
      const before = await t.counts(...WRITES);
      const secrets = await t.db.select({ h: users.cardSecretHash }).from(users);
      for (const query of ['format=svg', 'format=png&page=0', 'page=x']) {
        const res = await t.request('POST', sheet(batch.id, query), { token: ops.staff.token });
        expect(res.status, query).toBe(400);
      }
      const unknown = await t.request('POST', sheet('00000000-0000-4000-8000-000000000000'), {
        token: ops.staff.token,
      });
      expect(unknown.status).toBe(404);
      const done = await t.request('POST', sheet(batch.id), { token: ops.staff.token });
      expect(done.status).toBe(409);
      expect(done.body.error.code).toBe('batch_claimed');
      expect(await t.counts(...WRITES)).toEqual(before);
      expect(await t.db.select({ h: users.cardSecretHash }).from(users)).toEqual(secrets);
    });
  });

  it('the routes are in the OpenAPI document', async () => {
    const res = await t.request('GET', '/api/docs/json');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/arcades/{arcadeId}/devices/{deviceId}/sign',
        '/api/admin/arcades/{arcadeId}/user-cards/batches',
        '/api/admin/arcades/{arcadeId}/user-cards/batches/{batchId}',
        '/api/admin/arcades/{arcadeId}/user-cards/batches/{batchId}/sheet',
      ]),
    );
  });

  it('a deleted player leaves no trace in the batches: their card and their name as creator go', async () => {
    const batch = await makeBatch(2);
    const printed = await download(
      t,
      'POST',
      `${batches()}/${batch.id}/sheet?format=png`,
      ops.staff.token,
    );
    const [claim] = (await decodeQrCodes(printed.bytes)).map((c) => parseUserCardClaim(c)!);
    const token = await t.issuer.mint('sub-leaving');
    expect(
      (
        await t.request('POST', '/api/v2/user/me/link', {
          token,
          body: { userId: claim!.userId, secret: claim!.secret },
        })
      ).status,
    ).toBe(200);
    const gone = await t.request('DELETE', `/api/v2/user/${claim!.userId}`, { token });
    expect(gone.status).toBe(200);
    // The staff member who made batches deletes their profile too.
    expect(
      (await t.request('DELETE', `/api/v2/user/${ops.staff.id}`, { token: ops.staff.token }))
        .status,
    ).toBe(200);

    const cards = await t.db.select().from(userCardBatchCards);
    const made = await t.db.select().from(userCardBatches);
    const text = JSON.stringify([cards, made]);
    expect(text).not.toContain(claim!.userId);
    expect(text).not.toContain(ops.staff.id);
    const detail = await t.request('GET', `${batches()}/${batch.id}`, { token: ops.admin.token });
    expect(detail.body).toMatchObject({
      size: 2,
      claimed: 0,
      unclaimed: 1,
      deleted: 1,
      createdBy: null,
    });
    expect(detail.body.cards).toHaveLength(1);
  });
});
