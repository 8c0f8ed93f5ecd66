import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { addOperators, checkAccessMatrix, type Operators } from '../../../test/support/operators';
import { auditLog } from '../../db/schema';

const WRITES = ['assets', 'audit_log'] as const;

const png = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 4, background: { r: 255, g: 0, b: 128, alpha: 1 } },
  })
    .png()
    .toBuffer();

describe('operator API: image uploads', () => {
  let t: TestApp;
  let ops: Operators;
  let image: Buffer;
  const upload = (body: unknown, headers: Record<string, string>, name = 'Map Icon.png') =>
    t.request('POST', `/api/admin/assets?name=${encodeURIComponent(name)}`, {
      body,
      headers: { 'content-type': 'image/png', ...headers },
    });

  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
    image = await png(64, 48);
  });
  afterAll(() => t.close());

  it('POST /api/admin/assets: staff and admins upload; the image is served through the transform', async () => {
    await checkAccessMatrix(t, ops, {
      call: () => ({
        method: 'POST',
        path: '/api/admin/assets?name=icon.png',
        body: image,
        headers: { 'content-type': 'image/png' },
      }),
      // Not scoped to an arcade: staff of any arcade may upload.
      expect: { otherStaff: 201, staff: 201, admin: 201 },
      tables: WRITES,
    });
    const res = await upload(image, { authorization: `Bearer ${ops.staff.token}` });
    expect(res.status).toBe(201);
    const asset = res.body as { id: string; url: string };
    expect(res.body).toMatchObject({
      fileName: 'map-icon.png',
      contentType: 'image/png',
      width: 64,
      height: 48,
      size: image.length,
      url: `/api/assets/${asset.id}/map-icon.png`,
    });
    const audit = (await t.db.select().from(auditLog).orderBy(auditLog.id)).at(-1);
    expect(audit).toMatchObject({
      action: 'asset.upload',
      targetType: 'asset',
      targetId: asset.id,
      actorUserId: ops.staff.id,
      after: { fileName: 'map-icon.png', width: 64, height: 48 },
    });

    const served = await fetch(`${t.url}${asset.url}?fm=webp&w=32`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 32, height: 24 });
  });

  it('stores a very tall image scaled down to at most 4800 px high, keeping its shape', async () => {
    const tall = await png(600, 9600);
    const res = await upload(tall, { authorization: `Bearer ${ops.staff.token}` }, 'tall.png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 300, height: 4800, contentType: 'image/jpeg' });
  });

  it('refuses an image of more than 50 megapixels by saying so, and stores nothing', async () => {
    // 9000 × 9000 of one colour: a small file (a phone's 81-megapixel photo is no bigger).
    const huge = await sharp({
      create: { width: 9000, height: 9000, channels: 3, background: { r: 20, g: 40, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    const before = await t.counts('assets', 'audit_log');
    const res = await upload(
      huge,
      { authorization: `Bearer ${ops.admin.token}`, 'content-type': 'image/jpeg' },
      'huge.jpg',
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('image_too_many_pixels');
    expect(res.body.error.message).toContain('9000 × 9000 pixels (81 megapixels)');
    expect(JSON.stringify(res.body)).toContain('at most 50 megapixels');
    expect(await t.counts('assets', 'audit_log')).toEqual(before);
  });

  it('refuses what is not an image, with the field, and stores nothing', async () => {
    const admin = { authorization: `Bearer ${ops.admin.token}` };
    const before = await t.counts('assets', 'audit_log');

    const garbage = await upload(Buffer.from('not an image at all'), admin);
    expect(garbage.status).toBe(400);
    expect(JSON.stringify(garbage.body)).toContain('image');

    const empty = await upload(Buffer.alloc(0), admin);
    expect(empty.status).toBe(400);

    const json = await t.request('POST', '/api/admin/assets?name=x.png', {
      token: ops.admin.token,
      body: { image: 'base64…' },
    });
    expect(json.status).toBe(400);

    const noName = await t.request('POST', '/api/admin/assets', {
      body: image,
      headers: { ...admin, 'content-type': 'image/png' },
    });
    expect(noName.status).toBe(400);
    expect(JSON.stringify(noName.body)).toContain('name');

    const tooBig = await upload(Buffer.alloc(10 * 1024 * 1024 + 1), admin);
    expect(tooBig.status).toBe(413);

    expect(await t.counts('assets', 'audit_log')).toEqual(before);
  });
});
