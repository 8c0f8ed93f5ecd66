import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLAIM_LIMIT,
  deviceAuthorization,
  parseClaimCode,
  type DeviceClaims,
} from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addArcade,
  addDevice,
  addPlayer,
  deviceRequest,
  report,
  reportPlayed,
  type TestDevice,
  type TestPlayer,
} from '../../../test/support/arcade';
import type { AssignedSlot } from '../../events/map';
import { rotateDeviceKey, setDeviceDisabled } from '../devices';

const WRITES = [
  'game_claims',
  'game_players',
  'player_stats',
  'player_stats_periods',
  'player_ratings',
  'player_achievements',
] as const;

describe('claiming a guest result with the code the device shows', () => {
  let t: TestApp;
  let device: TestDevice;
  let other: TestDevice;
  let ann: TestPlayer;
  let bob: TestPlayer;
  let cid: TestPlayer;
  const assigned: AssignedSlot[] = [];

  /** A match of Ann and two guests (Gus, Zoe) on the device; its id. */
  async function play(on = device): Promise<string> {
    const res = await reportPlayed(
      t,
      on,
      report({
        players: [
          { userId: ann.id, teamId: 1, kills: 5, deaths: 1, score: 500 },
          { guestName: 'Gus', teamId: 1, kills: 3, deaths: 2, score: 300 },
          { guestName: 'Zoe', teamId: 2, kills: 2, deaths: 0, score: 200 },
        ],
      }),
    );
    expect(res.status).toBe(201);
    return res.body.id as string;
  }
  const codes = async (gameId: string, on = device) =>
    deviceRequest(t, on)('POST', `/games/${gameId}/claims`, {});
  const tokenOf = (claims: DeviceClaims, name: string) =>
    parseClaimCode(claims.claims.find((c) => c.name === name)!.url)!;
  const preview = (player: TestPlayer, token: string) =>
    t.request('GET', `/api/claims/${token}`, { token: player.token });
  const claim = (player: TestPlayer, token: string) =>
    t.request('POST', `/api/claims/${token}`, { token: player.token });
  const stats = async (userId: string) =>
    (
      await t.db.execute<{ games_played: number; kills: number; score_total: number }>(
        sql`select games_played, kills::int, score_total::int from player_stats where user_id = ${userId}`,
      )
    ).rows[0];

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://arcadia.example' } });
    await addArcade(t);
    device = await addDevice(t, 'test-arcade', 'claim-device');
    other = await addDevice(t, 'test-arcade', 'other-device');
    ann = await addPlayer(t, 'Ann');
    bob = await addPlayer(t, 'Bob');
    cid = await addPlayer(t, 'Cid');
    t.app.events.on('game.slot.assigned', (_tx, slot) => {
      assigned.push(slot);
    });
  }, 120_000);
  afterAll(() => t.close());

  it('gives the device one claim URL per guest slot, on the public origin', async () => {
    const gameId = await play();
    const res = await codes(gameId);
    expect(res.status).toBe(200);
    const body = res.body as DeviceClaims;
    expect(body.gameId).toBe(gameId);
    expect(body.claims.map((c) => [c.name, c.score, c.kills, c.deaths])).toEqual([
      ['Gus', 300, 3, 2],
      ['Zoe', 200, 2, 0],
    ]);
    for (const c of body.claims) {
      expect(c.url).toMatch(/^https:\/\/arcadia\.example\/claim\/[0-9a-f]{48}$/);
      expect(parseClaimCode(c.url)).not.toBeNull();
    }
    // Expiry: 24 h after the game was stored.
    const left = Date.parse(body.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(23.9 * 3600_000);
    expect(left).toBeLessThanOrEqual(24 * 3600_000);
    // Only hashes are kept.
    const { rows } = await t.db.execute<{ token_hash: string }>(
      sql`select token_hash from game_claims where game_id = ${gameId}`,
    );
    expect(rows).toHaveLength(2);
    for (const c of body.claims)
      expect(rows.map((r) => r.token_hash)).not.toContain(parseClaimCode(c.url));
  });

  it('gives no codes for a game of another device, or without the device key', async () => {
    const gameId = await play();
    const res = await codes(gameId, other);
    expect(res.status).toBe(404);
    const anonymous = await t.request('POST', `/api/device/v1/games/${gameId}/claims`, {
      body: {},
    });
    expect(anonymous.status).toBe(401);
    const bad = await deviceRequest(t, device)('POST', '/games/not-a-game/claims', {});
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('gameId');
  });

  it('gives no codes once the device has a new key or is disabled, though its key was verified just before', async () => {
    const spare = await addDevice(t, 'test-arcade', 'rekeyed-device');
    const gameId = await play(spare);
    expect((await codes(gameId, spare)).status).toBe(200);
    const hashes = async () =>
      (
        await t.db.execute<{ token_hash: string }>(
          sql`select token_hash from game_claims where game_id = ${gameId} order by slot_id`,
        )
      ).rows;
    const before = await hashes();
    const { key } = await rotateDeviceKey(t.db, 'test-arcade', 'rekeyed-device');
    const old = await codes(gameId, spare);
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe('device_auth_failed');
    expect(await hashes()).toEqual(before);
    const renewed = {
      ...spare,
      headers: { authorization: deviceAuthorization('test-arcade', 'rekeyed-device', key) },
    };
    expect((await codes(gameId, renewed)).status).toBe(200);
    const issued = await hashes();
    await setDeviceDisabled(t.db, 'test-arcade', 'rekeyed-device', true);
    const off = await codes(gameId, renewed);
    expect(off.status).toBe(403);
    expect(off.body.error.code).toBe('device_disabled');
    expect(await hashes()).toEqual(issued);
  });

  it('shows the result, then gives it once: statistics, rating, achievements and the assign event', async () => {
    const gameId = await play();
    const token = tokenOf((await codes(gameId)).body, 'Gus');
    const seen = await preview(bob, token);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      gameId,
      type: 'elimination',
      arcade: { id: 'test-arcade', name: 'Test Arcade' },
      device: { id: 'claim-device' },
      map: { id: 'neon-docks', name: 'Neon Docks' },
      guest: { name: 'Gus', kills: 3, deaths: 2, score: 300, won: true },
    });
    expect(await stats(bob.id)).toBeUndefined();

    const res = await claim(bob, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ gameId });
    expect(await stats(bob.id)).toEqual({ games_played: 1, kills: 3, score_total: 300 });
    const { rows } = await t.db.execute<{ name: string; rating_after: number | null }>(
      sql`select name, rating_after from game_players where game_id = ${gameId} and user_id = ${bob.id}`,
    );
    expect(rows).toEqual([{ name: 'Bob', rating_after: expect.any(Number) }]);
    const rating = await t.db.execute(sql`select 1 from player_ratings where user_id = ${bob.id}`);
    expect(rating.rows).toHaveLength(1);
    expect(assigned.at(-1)).toMatchObject({ gameId, userId: bob.id, via: 'claim' });
    // And their achievements: the result is Bob's first game, and a won one.
    const unlocked = await t.db.execute<{ achievement_id: string }>(
      sql`select achievement_id from player_achievements where user_id = ${bob.id} order by 1`,
    );
    expect(unlocked.rows.map((r) => r.achievement_id)).toEqual(
      expect.arrayContaining(['first-game', 'first-win']),
    );
    // The match page names the claimer now.
    const match = await t.request('GET', `/api/matches/${gameId}`);
    expect(match.body.players.map((p: { name: string }) => p.name)).toContain('Bob');

    // Once only: a second scan by someone else is refused; Bob's own (a second tap, a retry)
    // shows the result as his and answers as before. Neither writes anything.
    const before = await t.counts(...WRITES);
    const again = await claim(cid, token);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('claim_used');
    expect((await preview(cid, token)).body.error.code).toBe('claim_used');
    expect(await claim(bob, token)).toMatchObject({ status: 200, body: { gameId } });
    const own = await preview(bob, token);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ gameId, claimed: true, guest: { name: 'Bob', score: 300 } });
    expect(seen.body.claimed).toBe(false);
    expect(await t.counts(...WRITES)).toEqual(before);
    expect(await stats(bob.id)).toEqual({ games_played: 1, kills: 3, score_total: 300 });
    // A claimed slot gets no new code.
    const later = (await codes(gameId)).body as DeviceClaims;
    expect(later.claims.map((c) => c.name)).toEqual(['Zoe']);
    // Past the code's 24 hours the result is still Bob's, and his page says so.
    await t.db.execute(
      sql`update game_claims set expires_at = now() - interval '1 second' where game_id = ${gameId}`,
    );
    expect((await preview(bob, token)).body).toMatchObject({ claimed: true });
    expect((await preview(cid, token)).body.error.code).toBe('claim_used');
  });

  it('two scans of one code at the same moment: exactly one player gets the result', async () => {
    const gameId = await play();
    const token = tokenOf((await codes(gameId)).body, 'Zoe');
    const results = await Promise.all([claim(bob, token), claim(cid, token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from game_players where game_id = ${gameId} and user_id is not null`,
    );
    expect(rows[0]!.n).toBe(2);
  });

  it('two taps of one player at the same moment: both answer the result, it is given once', async () => {
    // On PostgreSQL the second waits for the first's lock; it must then see the slot as its own.
    const gameId = await play();
    const token = tokenOf((await codes(gameId)).body, 'Gus');
    const before = await stats(cid.id);
    const taps = await Promise.all([claim(cid, token), claim(cid, token), claim(cid, token)]);
    expect(taps.map((r) => [r.status, r.body])).toEqual(
      Array.from({ length: 3 }, () => [200, { gameId }]),
    );
    const after = await stats(cid.id);
    expect(after!.games_played).toBe((before?.games_played ?? 0) + 1);
  });

  it('the own result of a game voided since: claim and preview refuse it alike', async () => {
    const gameId = await play();
    const token = tokenOf((await codes(gameId)).body, 'Zoe');
    expect((await claim(bob, token)).status).toBe(200);
    await t.db.execute(sql`select arcadia_void_game(${gameId}, 'test')`);
    const again = await claim(bob, token);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('claim_game_voided');
    expect((await preview(bob, token)).body.error.code).toBe('claim_game_voided');
  });

  it('a device asking again while a code is claimed: one or the other, never both', async () => {
    const gameId = await play();
    const token = tokenOf((await codes(gameId)).body, 'Gus');
    const [again, taken] = await Promise.all([codes(gameId), claim(cid, token)]);
    expect(again.status).toBe(200);
    const names = (again.body as DeviceClaims).claims.map((c) => c.name);
    if (taken.status === 200) expect(names).toEqual(['Zoe']);
    else {
      expect(taken.body.error.code).toBe('claim_not_found');
      expect(names).toEqual(['Gus', 'Zoe']);
    }
  });

  it('refuses a code after 24 hours with its own message', async () => {
    const eve = await addPlayer(t, 'Eve');
    const gameId = await play();
    const token = tokenOf((await codes(gameId)).body, 'Zoe');
    await t.db.execute(
      sql`update game_claims set expires_at = now() - interval '1 second' where game_id = ${gameId}`,
    );
    const before = await t.counts(...WRITES);
    const res = await claim(eve, token);
    expect(res.status).toBe(410);
    expect(res.body.error.code).toBe('claim_expired');
    expect(res.body.error.message).toMatch(/24 hours/);
    expect((await preview(eve, token)).status).toBe(410);
    expect(await t.counts(...WRITES)).toEqual(before);
    expect(await stats(eve.id)).toBeUndefined();
  });

  it('gives no codes for a game stored more than 24 hours ago', async () => {
    const gameId = await play();
    await t.db.execute(
      sql`update games set created_at = now() - interval '25 hours' where id = ${gameId}`,
    );
    const res = await codes(gameId);
    expect(res.status).toBe(200);
    expect(res.body.claims).toEqual([]);
  });

  it('asking again replaces the codes: only the newest works (a retrying device)', async () => {
    const gameId = await play();
    const first = tokenOf((await codes(gameId)).body, 'Gus');
    const second = tokenOf((await codes(gameId)).body, 'Gus');
    expect(second).not.toBe(first);
    const old = await claim(cid, first);
    expect(old.status).toBe(404);
    expect(old.body.error.code).toBe('claim_not_found');
    expect((await claim(cid, second)).status).toBe(200);
    // The expiry stays that of the first code.
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(distinct expires_at)::int as n from game_claims where game_id = ${gameId}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses a player of the game, a voided game, an unregistered sign-in', async () => {
    const gameId = await play();
    const token = tokenOf((await codes(gameId)).body, 'Gus');
    const before = await t.counts(...WRITES);
    const mine = await claim(ann, token);
    expect(mine.status).toBe(409);
    expect(mine.body.error.code).toBe('claim_already_in_game');
    expect((await preview(ann, token)).body.error.code).toBe('claim_already_in_game');

    const stranger = await t.request('POST', `/api/claims/${token}`, {
      token: await t.issuer.mint('sub-without-profile'),
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.code).toBe('not_registered');

    await t.db.execute(sql`select arcadia_void_game(${gameId}, 'test')`);
    const voided = await claim(cid, token);
    expect(voided.status).toBe(409);
    expect(voided.body.error.code).toBe('claim_game_voided');
    expect((await codes(gameId)).body.claims).toEqual([]);
    expect(await t.counts(...WRITES)).toEqual(before);
  });

  it('refuses what is not a claim code, naming the field', async () => {
    const res = await t.request('POST', '/api/claims/not-a-code', { token: cid.token });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('token');
    const unknown = await claim(cid, 'a'.repeat(48));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('claim_not_found');
  });

  it('is described in the OpenAPI document', async () => {
    const res = await t.request('GET', '/api/docs/json');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/device/v1/games/{gameId}/claims', '/api/claims/{token}']),
    );
    const claimDoc = res.body.paths['/api/claims/{token}'];
    expect(Object.keys(claimDoc).sort()).toEqual(['get', 'post']);
    expect(Object.keys(claimDoc.post.responses)).toEqual(
      expect.arrayContaining(['200', '404', '409', '410', '429']),
    );
  });

  it('limits the claim calls per player', async () => {
    const dee = await addPlayer(t, 'Dee');
    let last = 0;
    for (let i = 0; i <= CLAIM_LIMIT.max; i++) last = (await claim(dee, 'b'.repeat(48))).status;
    expect(last).toBe(429);
    // Another player is not affected.
    expect((await claim(cid, 'b'.repeat(48))).status).toBe(404);
  });
});

describe('parseClaimCode', () => {
  it('reads the token of a claim URL on any origin, and nothing else', () => {
    const token = 'ab'.repeat(24);
    expect(parseClaimCode(`https://arcadia.example/claim/${token}`)).toBe(token);
    expect(parseClaimCode(`http://localhost:5173/claim/${token}/`)).toBe(token);
    expect(parseClaimCode(`deviceId=arcade;id`)).toBeNull();
    expect(parseClaimCode(`https://arcadia.example/u/${token}`)).toBeNull();
    expect(parseClaimCode(`https://arcadia.example/claim/short`)).toBeNull();
  });
});
