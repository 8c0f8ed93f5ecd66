import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchSchema, type Match } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addArcade,
  addDevice,
  addPlayer,
  report,
  reportPlayed,
  type TestPlayer,
} from '../../../test/support/arcade';
import { IMAGE_DRAWS_PER_CLIENT } from './routes';
import { MATCH_IMAGE_VERSION, MatchImages, MatchImagesBusy } from './share/cache';
import { matchPageMeta } from './share/meta';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(data: Uint8Array) {
  const view = Buffer.from(data);
  expect(view.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

describe('match page API', () => {
  let t: TestApp;
  let anna: TestPlayer;
  let ben: TestPlayer;
  let dataDir: string;
  let teamGame: string;
  let soloGame: string;
  /** The cached image files of a game (its folder in the cache). */
  const imagesOf = (gameId: string) => {
    const folder = path.join(dataDir, 'cache', 'match-images', gameId);
    return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-match-'));
    // A small built web app: index.html is what the server fills in for /game/{id}.
    const webDist = path.join(dataDir, 'web');
    fs.mkdirSync(webDist);
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="de"><head><meta charset="UTF-8" />' +
        '<meta name="description" content="Arcadia – die Community-App" />' +
        '<title>Arcadia</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ env: { DATA_DIR: dataDir, WEB_DIST: webDist } });
    await addArcade(t, 'neon-city', 'Neon City');
    const device = await addDevice(t, 'neon-city', 'arena-1');
    anna = await addPlayer(t, 'Anna');
    ben = await addPlayer(t, 'Ben');
    const team = await reportPlayed(
      t,
      device,
      report({
        type: 'elimination',
        mapId: 'skyline',
        durationSeconds: 420,
        players: [
          { userId: anna.id, teamId: 1, kills: 9, deaths: 1, score: 900 },
          { guestName: 'Gast <b>', teamId: 1, kills: 2, deaths: 4, score: 150 },
          { userId: ben.id, teamId: 2, kills: 1, deaths: 9, score: 100 },
        ],
      }),
    );
    expect(team.status).toBe(201);
    teamGame = team.body.id;
    const solo = await reportPlayed(
      t,
      device,
      report({
        type: 'freeforall',
        teams: [],
        players: [
          { userId: anna.id, kills: 3, deaths: 2, score: 300 },
          { guestName: 'Zoë "<b>', kills: 5, deaths: 1, score: 500 },
        ],
      }),
    );
    expect(solo.status).toBe(201);
    soloGame = solo.body.id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows a game to anyone, without a token', async () => {
    const res = await t.request('GET', `/api/matches/${teamGame}`);
    expect(res.status).toBe(200);
    const match = matchSchema.parse(res.body);
    expect(match).toMatchObject({
      id: teamGame,
      type: 'elimination',
      modeName: { de: expect.any(String), en: expect.any(String) },
      arcade: { id: 'neon-city', name: 'Neon City' },
      device: { id: 'arena-1', name: 'Device arena-1' },
      map: { id: 'skyline', name: 'Skyline' },
      durationSeconds: 420,
      teams: [
        { id: 1, name: 'Rot', score: 3, won: true },
        { id: 2, name: 'Blau', score: 1, won: false },
      ],
    });
    expect(match.players).toEqual([
      {
        id: anna.id,
        name: 'Anna',
        kind: 'player',
        teamId: 1,
        kills: 9,
        deaths: 1,
        score: 900,
        won: true,
      },
      {
        id: null,
        name: 'Gast <b>',
        kind: 'guest',
        teamId: 1,
        kills: 2,
        deaths: 4,
        score: 150,
        won: true,
      },
      {
        id: ben.id,
        name: 'Ben',
        kind: 'player',
        teamId: 2,
        kills: 1,
        deaths: 9,
        score: 100,
        won: false,
      },
    ]);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await t.request('GET', '/api/matches/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    const unknown = await t.request('GET', '/api/matches/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    const image = await t.request(
      'GET',
      '/api/matches/00000000-0000-4000-8000-000000000000/image.png',
    );
    expect(image.status).toBe(404);
  });

  it('renders the share image once (1200×630 PNG) and serves it from the cache after', async () => {
    const url = `${t.url}/api/matches/${soloGame}/image.png`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('x-image-cache')).toBe('miss');
    expect(pngSize(new Uint8Array(await first.arrayBuffer()))).toEqual({
      width: 1200,
      height: 630,
    });
    const second = await fetch(url);
    expect(second.headers.get('x-image-cache')).toBe('hit');
    expect(pngSize(new Uint8Array(await second.arrayBuffer()))).toEqual({
      width: 1200,
      height: 630,
    });
    expect(imagesOf(soloGame)).toHaveLength(1);
    const etag = second.headers.get('etag')!;
    const revalidated = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
  });

  it('renders the image in English with ?lang=en, beside the German one, and refuses others', async () => {
    const german = await fetch(`${t.url}/api/matches/${teamGame}/image.png`);
    const english = await fetch(`${t.url}/api/matches/${teamGame}/image.png?lang=en`);
    expect(english.status).toBe(200);
    expect(english.headers.get('x-image-cache')).toBe('miss');
    const [de, en] = [
      Buffer.from(await german.arrayBuffer()),
      Buffer.from(await english.arrayBuffer()),
    ];
    expect(pngSize(en)).toEqual({ width: 1200, height: 630 });
    expect(en.equals(de)).toBe(false);
    // Each language is cached on its own: asking for one keeps the other.
    expect(
      (await fetch(`${t.url}/api/matches/${teamGame}/image.png`)).headers.get('x-image-cache'),
    ).toBe('hit');
    expect(imagesOf(teamGame)).toHaveLength(2);
    const refused = await t.request('GET', `/api/matches/${teamGame}/image.png?lang=fr`);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('lang');
  });

  it('anonymises a player who deleted their profile, and the image is made anew', async () => {
    const carl = await addPlayer(t, 'Carl');
    const device = await addDevice(t, 'neon-city', 'arena-2');
    const played = await reportPlayed(
      t,
      device,
      report({
        type: 'freeforall',
        teams: [],
        players: [
          { userId: carl.id, kills: 3, deaths: 2, score: 300 },
          { userId: anna.id, kills: 1, deaths: 2, score: 100 },
        ],
      }),
    );
    const id = played.body.id as string;
    const before = await fetch(`${t.url}/api/matches/${id}/image.png`);
    expect(before.headers.get('x-image-cache')).toBe('miss');
    const deleted = await t.request('DELETE', `/api/v2/user/${carl.id}`, { token: carl.token });
    expect(deleted.status).toBeLessThan(300);
    // Carl's image left the disk with his profile, before anyone asked for the page again.
    expect(fs.existsSync(path.join(dataDir, 'cache', 'match-images', id))).toBe(false);
    const res = await t.request('GET', `/api/matches/${id}`);
    expect(res.body.players[0]).toMatchObject({ id: null, kind: 'deleted', score: 300 });
    expect(res.body.players[0].name).not.toBe('Carl');
    const after = await fetch(`${t.url}/api/matches/${id}/image.png`);
    expect(after.headers.get('x-image-cache')).toBe('miss');
    expect(imagesOf(id)).toHaveLength(1);
    // The preview says so in German, and never names him.
    const html = await (await fetch(`${t.url}/game/${id}`)).text();
    expect(html).toContain('Gelöschter Spieler gewinnt mit 300 Punkten');
    expect(html).not.toContain('Carl');
  });

  it('an image drawn while a player hid or deleted their profile does not stay on disk', async () => {
    // The race: the game is read, the player goes, their clean-up runs, then the render ends.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-images-'));
    const images = new MatchImages(dir);
    const match = matchSchema.parse((await t.request('GET', `/api/matches/${soloGame}`)).body);
    const hidden: Match = {
      ...match,
      players: match.players.map((p) => ({ ...p, id: null, name: 'Spieler' })),
    };
    const gameDir = path.join(dir, match.id);
    const raced = await images.get(match, 'de', async () => hidden);
    expect(raced.cached).toBe(false);
    expect(fs.readdirSync(gameDir)).toEqual([]);
    const gone = await images.get(match, 'en', async () => null);
    expect(gone.cached).toBe(false);
    expect(fs.readdirSync(gameDir)).toEqual([]);
    // Unchanged meanwhile: kept, and served from the file the next time.
    await images.get(match, 'de', async () => match);
    expect(fs.readdirSync(gameDir)).toHaveLength(1);
    expect((await images.get(match, 'de')).cached).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the image even when the cache cannot be written (disk full, DATA_DIR not writable)', async () => {
    // A file where the cache directory should be: every write into it fails, as on a full disk.
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-nocache-'));
    const blocker = path.join(parent, 'cache');
    fs.writeFileSync(blocker, 'not a directory');
    const images = new MatchImages(path.join(blocker, 'match-images'));
    const match = matchSchema.parse((await t.request('GET', `/api/matches/${soloGame}`)).body);
    const image = await images.get(match, 'de');
    expect(image.cached).toBe(false);
    expect(image.data.subarray(1, 4).toString()).toBe('PNG');
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('draws at most two images at once with a few more waiting; beyond that refuses at once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-gate-'));
    const images = new MatchImages(dir, { drawing: 1, waiting: 1 });
    const match = matchSchema.parse((await t.request('GET', `/api/matches/${soloGame}`)).body);
    // Another game's (one game's images drawn from other data replace each other).
    const other = matchSchema.parse((await t.request('GET', `/api/matches/${teamGame}`)).body);
    // Three different images asked for at once: one drawn, one waiting, one refused. Which one
    // is refused depends on which cache look-up answers first (seen in CI: not the last asked).
    const asked: Array<[Match, 'de' | 'en']> = [
      [match, 'de'],
      [match, 'en'],
      [other, 'de'],
    ];
    const results = await Promise.allSettled(asked.map(([m, lang]) => images.get(m, lang)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const refused = results.findIndex((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect((results[refused] as PromiseRejectedResult).reason).toBeInstanceOf(MatchImagesBusy);
    // The slots were given back: the refused one is drawn now, and cached ones never wait.
    const [refusedMatch, refusedLanguage] = asked[refused]!;
    expect((await images.get(refusedMatch, refusedLanguage)).cached).toBe(false);
    const [drawnMatch, drawnLanguage] = asked[results.findIndex((r) => r.status === 'fulfilled')]!;
    expect((await images.get(drawnMatch, drawnLanguage)).cached).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a sweep at start removes images that no longer show their game, and leftover temp files', async () => {
    // A process that died after a deletion committed, before its clean-up: the old image stays.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-sweep-'));
    const images = new MatchImages(dir);
    const match = matchSchema.parse((await t.request('GET', `/api/matches/${soloGame}`)).body);
    await images.get(match, 'en');
    const named: Match = {
      ...match,
      players: match.players.map((p) => ({ ...p, name: 'Carl the deleted' })),
    };
    // The German image still names the player: its clean-up never ran.
    await images.get(named, 'de', async () => named);
    const gameDir = path.join(dir, match.id);
    const oldTemp = path.join(gameDir, `${match.id}-v${MATCH_IMAGE_VERSION}-de-x.png.abc.tmp`);
    fs.writeFileSync(oldTemp, 'a crash');
    fs.utimesSync(oldTemp, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    const newTemp = `${match.id}-v${MATCH_IMAGE_VERSION}-de-y.png.def.tmp`;
    fs.writeFileSync(path.join(gameDir, newTemp), 'another process renders');
    // A voided game's folder, and an image of the layout before folders (kept beside them).
    const gone = '00000000-0000-4000-8000-000000000000';
    fs.mkdirSync(path.join(dir, gone));
    fs.writeFileSync(path.join(dir, gone, `${gone}-v${MATCH_IMAGE_VERSION}-de-abc.png`), 'voided');
    fs.writeFileSync(path.join(dir, `${named.id}-v3-de-old.png`), 'an older layout');

    const removed = await images.sweep(async (id) => (id === match.id ? match : null));
    expect(removed).toBe(4);
    expect(fs.readdirSync(dir)).toEqual([match.id]);
    expect(fs.readdirSync(gameDir).sort()).toEqual(
      [`${images.keyOf(match, 'en')}.png`, newTemp].sort(),
    );
    expect((await images.get(match, 'en')).cached).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a voided game has no page (404) and no image', async () => {
    const device = await addDevice(t, 'neon-city', 'arena-3');
    const played = await reportPlayed(
      t,
      device,
      report({ players: [{ userId: anna.id, teamId: 1, kills: 1, deaths: 1, score: 10 }] }),
    );
    const id = played.body.id as string;
    expect((await t.request('GET', `/api/matches/${id}`)).status).toBe(200);
    await t.db.execute(sql`select arcadia_void_game(${id}, 'test') as voided`);
    expect((await t.request('GET', `/api/matches/${id}`)).status).toBe(404);
    expect((await t.request('GET', `/api/matches/${id}/image.png`)).status).toBe(404);
  });

  it('puts Open Graph and Twitter card tags, escaped, into the HTML of /game/{id}', async () => {
    const res = await fetch(`${t.url}/game/${soloGame}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const meta = (key: string) =>
      new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
    expect(meta('og:title')).toMatch(/^.+: Zoë &quot;&lt;b&gt; gewinnt mit 500 Punkten · Arcadia$/);
    expect(html).not.toContain('<b>');
    expect(meta('og:url')).toBe(`${t.config.publicUrl}/game/${soloGame}`);
    expect(meta('og:image')).toBe(`${t.config.publicUrl}/api/matches/${soloGame}/image.png`);
    expect(meta('og:image:width')).toBe('1200');
    expect(meta('og:image:height')).toBe('630');
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('og:description')).toContain('Neon City');
    // The page's own description and title are the game's, once each.
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toMatch(/<title>[^<]+ · Arcadia<\/title>/);
  });

  it('speaks English in the preview of a link shared from the English app, or to an English browser', async () => {
    const metaOf = (html: string) => (key: string) =>
      new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
    const shared = metaOf(await (await fetch(`${t.url}/game/${soloGame}?lang=en`)).text());
    expect(shared('og:title')).toMatch(/^.+: Zoë &quot;&lt;b&gt; wins with 500 points · Arcadia$/);
    expect(shared('og:locale')).toBe('en_GB');
    expect(shared('og:url')).toBe(`${t.config.publicUrl}/game/${soloGame}?lang=en`);
    expect(shared('og:image')).toBe(
      `${t.config.publicUrl}/api/matches/${soloGame}/image.png?lang=en`,
    );
    expect(shared('og:description')).toMatch(/ on .+, Neon City, /);
    const browser = metaOf(
      await (
        await fetch(`${t.url}/game/${soloGame}`, {
          headers: { 'accept-language': 'en-GB,en;q=0.8' },
        })
      ).text(),
    );
    expect(browser('og:title')).toContain('wins with 500 points');
    // A German browser, or none, gets German; ?lang=de wins over an English browser.
    const german = metaOf(
      await (
        await fetch(`${t.url}/game/${soloGame}?lang=de`, { headers: { 'accept-language': 'en' } })
      ).text(),
    );
    expect(german('og:title')).toContain('gewinnt mit 500 Punkten');
    expect(german('og:locale')).toBe('de_DE');
  });

  it('counts a client’s images not drawn yet (30 a minute, then 429); cached ones and 304s are not counted', async () => {
    const cached = `${t.url}/api/matches/${teamGame}/image.png?lang=en`;
    const kept = await fetch(cached);
    expect(kept.status).toBe(200);
    const etag = kept.headers.get('etag')!;
    const drawn = `${t.url}/api/matches/${soloGame}/image.png`;
    const statuses: number[] = [];
    for (let i = 0; i < IMAGE_DRAWS_PER_CLIENT.max + 1; i++) {
      // Gone from the cache each time, so each request draws it again.
      fs.rmSync(path.join(dataDir, 'cache', 'match-images', soloGame), {
        recursive: true,
        force: true,
      });
      statuses.push((await fetch(drawn)).status);
    }
    // The earlier tests drew a few images from this address already.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    const refused = await t.request('GET', `/api/matches/${soloGame}/image.png`);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Nothing drawn for the refused ones; a cached image and a revalidation still answer.
    expect(imagesOf(soloGame)).toEqual([]);
    const again = await fetch(cached);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-image-cache')).toBe('hit');
    expect((await fetch(cached, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('reads a preview for a client as often as its limit allows, then none (the plain page)', async () => {
    // The app's limiter allows RATE_LIMIT_MAX (600) a minute per address; this one 3.
    const preview = matchPageMeta(
      t.db,
      t.config.publicUrl,
      t.app.limits.limiter('test-match-preview', { max: 3, windowMs: 60_000 }),
    );
    const seen: boolean[] = [];
    for (let i = 0; i < 5; i++)
      seen.push((await preview(`/game/${soloGame}`, 'de', '203.0.113.7')) !== null);
    expect(seen).toEqual([true, true, true, false, false]);
    // Another address has its own count; a path without a preview is not counted.
    expect(await preview(`/game/${soloGame}`, 'de', '203.0.113.8')).not.toBeNull();
    expect(await preview('/home', 'de', '203.0.113.9')).toBeNull();
    for (let i = 0; i < 3; i++)
      expect(await preview(`/game/${soloGame}`, 'de', '203.0.113.9')).not.toBeNull();
  });

  it('sends the plain index.html for an unknown game or another page', async () => {
    for (const url of ['/game/00000000-0000-4000-8000-000000000000', '/game/nope', '/home']) {
      const html = await (await fetch(`${t.url}${url}`)).text();
      expect(html).toContain('<title>Arcadia</title>');
      expect(html).not.toContain('og:title');
    }
  });
});
