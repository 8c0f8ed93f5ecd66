import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { command } from '../../admin/commands/news';
import { pushOutbox, pushSubscriptions, users } from '../../db/schema';
import { richTextFromMarkdown } from './markdown';

describe('admin: news publish / list / delete', () => {
  let t: TestApp;
  let dir: string;
  let output: string[];
  const run = (...args: string[]) => {
    output = [];
    return command.run(args, {
      db: t.db,
      config: t.config,
      events: t.app.events,
      out: (line) => output.push(line),
    });
  };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'arcadia-publish-'));
    t = await createTestApp({ env: { DATA_DIR: dir } });
    // Two players with a subscription each (one reads English), one without.
    const [de, en] = await t.db
      .insert(users)
      .values([
        { userName: 'Leser', language: 'de' as const },
        { userName: 'Reader', language: 'en' as const },
        { userName: 'Stumm' },
      ])
      .returning({ id: users.id });
    await t.db.insert(pushSubscriptions).values(
      [de!, en!].map((u, i) => ({
        userId: u.id,
        endpoint: `https://push.example/${i}`,
        p256dh: 'k',
        auth: 'a',
      })),
    );
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('publishes an article with its image and enqueues the notification for subscribers', async () => {
    const image = path.join(dir, 'Turnier Plakat.png');
    await sharp({ create: { width: 800, height: 400, channels: 3, background: '#ff00aa' } })
      .png()
      .toFile(image);
    const code = await run(
      'publish',
      '--slug',
      'sommer-turnier',
      '--title-de',
      'Sommer-Turnier',
      '--abstract-de',
      'Heiß!',
      '--body-de',
      '## Ablauf\\n- **Start** um 18 Uhr\\n- [Anmelden](/play)',
      '--title-en',
      'Summer tournament',
      '--abstract-en',
      'Hot!',
      '--body-en',
      'Starts at **6 pm**.',
      '--image',
      image,
    );
    expect(output).toEqual([
      `published "Sommer-Turnier" at ${t.config.publicUrl}/news/sommer-turnier`,
    ]);
    expect(code).toBe(0);

    const res = await t.request('GET', '/api/news/sommer-turnier');
    expect(res.body.fields.content).toEqual(
      richTextFromMarkdown('## Ablauf\n- **Start** um 18 Uhr\n- [Anmelden](/play)'),
    );
    expect(res.body.fields.header.fields.file).toMatchObject({
      fileName: 'turnier-plakat.png',
      contentType: 'image/png',
      details: { image: { width: 800, height: 400 } },
    });
    const en = await t.request('GET', '/api/news/sommer-turnier?locale=en');
    expect(en.body.fields.title).toBe('Summer tournament');

    const queued = await t.db.select().from(pushOutbox);
    expect(
      queued.map((r) => (r.payload as any).message).sort((a, b) => a.title.localeCompare(b.title)),
    ).toEqual([
      {
        title: 'Neuer Artikel',
        body: 'Sommer-Turnier',
        url: '/news/sommer-turnier',
        tag: 'news-sommer-turnier',
      },
      {
        title: 'New article',
        body: 'Summer tournament',
        url: '/news/sommer-turnier',
        tag: 'news-sommer-turnier',
      },
    ]);
    expect(queued.every((r) => r.kind === 'news')).toBe(true);
  });

  it('gives an article without an image a generated header, and lists the articles', async () => {
    expect(
      await run(
        'publish',
        '--slug',
        'nur-text',
        '--title-de',
        'Nur Text',
        '--abstract-de',
        'A',
        '--body-de',
        'B',
      ),
    ).toBe(0);
    const res = await t.request('GET', '/api/news/nur-text?locale=en');
    expect(res.body.sys.locale).toBe('de');
    expect(res.body.fields.header.fields.file.details.image).toEqual({ width: 1600, height: 900 });

    expect(await run('list')).toBe(0);
    expect(output).toHaveLength(2);
    expect(output[0]).toMatch(/^\d{4}-\d{2}-\d{2} {2}(nur-text|sommer-turnier) {2}/);
    expect(output.join('\n')).toContain('sommer-turnier  [de,en]  Sommer-Turnier');
    expect(output.join('\n')).toContain('nur-text  [de]  Nur Text');
  });

  it('refuses missing texts, a bad or taken slug and an unreadable image, writing nothing', async () => {
    const before = await t.counts('news', 'news_translations', 'assets', 'push_outbox');
    expect(await run('publish', '--slug', 'x', '--title-de', 'T')).toBe(2);
    expect(output).toEqual([
      '--abstract-de is required',
      '--body-de is required (or --body-de-file)',
    ]);
    expect(
      await run(
        'publish',
        '--slug',
        'x',
        '--title-de',
        'T',
        '--abstract-de',
        'A',
        '--body-de',
        'B',
        '--title-en',
        'E',
      ),
    ).toBe(2);
    expect(output).toContain('--abstract-en is required');

    const base = ['--title-de', 'T', '--abstract-de', 'A', '--body-de', 'B'];
    expect(await run('publish', '--slug', 'Kein Slug', ...base)).toBe(1);
    expect(output[1]).toMatch(/slug: slug may contain lower-case letters/);
    expect(await run('publish', '--slug', 'nur-text', ...base)).toBe(1);
    expect(output).toEqual(['error: The slug "nur-text" is already taken']);
    const notImage = path.join(dir, 'kaputt.png');
    await fs.writeFile(notImage, 'not an image');
    expect(await run('publish', '--slug', 'kaputt', ...base, '--image', notImage)).toBe(1);
    expect(
      await run('publish', '--slug', 'fehlt', ...base, '--image', path.join(dir, 'nope.png')),
    ).toBe(1);
    expect(await run('publish', '--unknown-flag')).toBe(2);
    expect(await t.counts('news', 'news_translations', 'assets', 'push_outbox')).toEqual(before);
  });

  it('deletes an article with its header image', async () => {
    const before = await t.counts('news', 'assets');
    expect(await run('delete', '--slug', 'nur-text')).toBe(0);
    expect(await t.counts('news', 'assets')).toEqual({
      news: before.news! - 1,
      assets: before.assets! - 1,
    });
    expect((await t.request('GET', '/api/news/nur-text')).status).toBe(404);
    expect(await run('delete', '--slug', 'nur-text')).toBe(1);
  });
});
