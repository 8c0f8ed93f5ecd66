import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { assets } from '../../db/schema';
import { seedNews } from '../../seed/news';
import { ImageVariants, ImageVariantsBusy } from './images';

describe('the image variants cache', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'arcadia-image-cache-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    await seedNews({ db: t.db, config: t.config, log: t.app.log });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the cache within its byte budget, not only its file count', async () => {
    const [asset] = await t.db
      .select({ id: assets.id, fileName: assets.fileName, width: assets.width })
      .from(assets)
      .limit(1);
    const dir = path.join(dataDir, 'cache', 'budget');
    const maxBytes = 2_000_000;
    const images = new ImageVariants(t.db, dir, {
      maxFiles: 1000,
      maxBytes,
      concurrency: 2,
      waiting: 100,
    });
    // Anyone may ask for these: every width is another file of hundreds of kilobytes.
    for (let i = 0; i < 12; i++) {
      await images.get(asset!.id, asset!.fileName, { fm: 'png', w: asset!.width! - 1 - i });
    }
    const names = await fs.readdir(dir);
    const sizes = await Promise.all(
      names.map(async (n) => (await fs.stat(path.join(dir, n))).size),
    );
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(maxBytes);
    expect(names.length).toBeGreaterThan(0);
  });

  it('refuses a new variant at once while the queue is full, admits each made one once, and serves cached ones', async () => {
    const [asset] = await t.db
      .select({ id: assets.id, fileName: assets.fileName })
      .from(assets)
      .limit(1);
    const dir = path.join(dataDir, 'cache', 'queue');
    const images = new ImageVariants(t.db, dir, {
      maxFiles: 1000,
      maxBytes: 100_000_000,
      concurrency: 1,
      waiting: 2,
    });
    let admitted = 0;
    // While closed, an admitted request waits in `admit`, holding its place: the test decides
    // when the work starts, not the machine's speed (a fast render freed its place on CI).
    let gate: Promise<void> = Promise.resolve();
    const admit = async () => {
      admitted += 1;
      await gate;
    };
    const ask = (q: number) =>
      images.get(asset!.id, asset!.fileName, { fm: 'webp', q, w: 300 }, admit);
    const made = await ask(1);
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    // Eight new variants at once: one is made, two wait, the rest are refused without work.
    let refusedSoFar = 0;
    const asked = [2, 3, 4, 5, 6, 7, 8, 9].map((q) =>
      ask(q).catch((error: unknown) => {
        refusedSoFar += 1;
        throw error;
      }),
    );
    // Settled as they come (a refusal left without a handler until the end is unhandled).
    const settled = Promise.allSettled(asked);
    await vi.waitFor(() => expect(refusedSoFar).toBe(5));
    expect(admitted).toBe(1 + 3);
    open();
    const results = await settled;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.length).toBe(5);
    for (const r of refused) expect(r.reason).toBeInstanceOf(ImageVariantsBusy);
    expect(admitted).toBe(1 + 3);
    // Made before: served from the cache, not admitted again, whatever the queue holds.
    const slow = [10, 11, 12].map((q) => ask(q).catch(() => undefined));
    expect((await ask(1)).etag).toBe(made.etag);
    expect(await images.get(asset!.id, asset!.fileName, {}, admit)).toBeDefined();
    await Promise.all(slow);
    expect(admitted).toBe(1 + 3 + 3);
  });
});
