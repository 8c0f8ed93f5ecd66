import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addArcade,
  addDevice,
  addPlayer,
  deviceRequest,
  report,
  seat,
  type TestDevice,
  type TestPlayer,
} from '../../../test/support/arcade';
import { testDbKind } from '../../../test/support/database';
import type { GameReportInput } from '@arcadia/contracts';
import { playerRatings, playerStats } from '../../db/schema';
import { ingestWaiting } from './ingest-queue';

/** The answer to each report of six devices sent at once, and what was stored. */
type Sent = Awaited<ReturnType<typeof sendAtOnce>>;

/**
 * Reports sent at once by six devices (two registered players each), with INGEST_TRANSACTIONS
 * transactions in flight at most: a 'games.storing' handler (inside each transaction)
 * counts how many run at the same time, and in how many transactions the games were stored.
 * `change` may alter a device's report (by its index) before it is sent.
 */
async function sendAtOnce(
  env: Record<string, string>,
  change: (i: number, body: GameReportInput, players: TestPlayer[]) => GameReportInput = (
    _i,
    body,
  ) => body,
  before?: (t: TestApp, devices: TestDevice[], players: TestPlayer[]) => Promise<void>,
) {
  const t = await createTestApp({ env });
  try {
    await addArcade(t, 'neon-city');
    const devices: TestDevice[] = [];
    const players: TestPlayer[] = [];
    for (let i = 0; i < 6; i++) devices.push(await addDevice(t, 'neon-city', `arena-${i}`));
    for (let i = 0; i < 12; i++) players.push(await addPlayer(t, `Spieler ${i}`));
    await before?.(t, devices, players);
    let inFlight = 0;
    let most = 0;
    let mostWaiting = 0;
    let entered = 0;
    let emits = 0;
    const transactions = new Set<unknown>();
    // The first transactions (as many as the limit allows) wait until all six reports are in
    // one or queued behind them, and then go on together, in the same turn of the event loop,
    // so that those running at once overlap however slow the machine (on PostgreSQL; on PGlite's
    // one connection the others cannot look up their devices meanwhile).
    let allIn: Promise<void> | undefined;
    const allReportsIn = () =>
      (allIn ??= (async () => {
        for (let i = 0; i < 500 && entered + ingestWaiting(t.db) < 6; i++)
          await new Promise((resolve) => setTimeout(resolve, 10));
      })());
    t.app.events.on('games.storing', async (batch, games) => {
      entered += games.length;
      emits++;
      if (testDbKind === 'postgres') await allReportsIn();
      transactions.add(batch.db);
      most = Math.max(most, ++inFlight);
      mostWaiting = Math.max(mostWaiting, ingestWaiting(t.db));
      await new Promise((resolve) => setTimeout(resolve, 30));
      inFlight--;
    });
    for (const [i, device] of devices.entries())
      await seat(t, device, [players[2 * i]!.id, players[2 * i + 1]!.id]);
    const answers = await Promise.all(
      devices.map((device, i) =>
        deviceRequest(t, device)(
          'POST',
          '/games',
          change(
            i,
            report({
              players: [
                { userId: players[2 * i]!.id, teamId: 1, kills: 3, deaths: 1, score: 100 + i },
                { userId: players[2 * i + 1]!.id, teamId: 2, kills: 1, deaths: 3, score: 50 },
              ],
            }),
            players,
          ),
        ),
      ),
    );
    const stats = await Promise.all(
      players.map(
        async (p) => (await t.db.select().from(playerStats).where(eq(playerStats.userId, p.id)))[0],
      ),
    );
    const ratings = await Promise.all(
      players.map(
        async (p) =>
          (await t.db.select().from(playerRatings).where(eq(playerRatings.userId, p.id)))[0],
      ),
    );
    return {
      statuses: answers.map((a) => a.status),
      bodies: answers.map((a) => a.body as { error?: { code: string }; id?: string }),
      most,
      transactions: transactions.size,
      // 'games.storing' emits: one per transaction, with all its games (one read for them).
      emits,
      gamesPlayed: stats.map((s) => s?.gamesPlayed),
      ratedGames: ratings.map((r) => r?.games),
      ratingsAfter: ratings.map((r) => r?.rating),
      games: (await t.counts('games')).games,
      // The handlers' rows: each registered player's in-app notification of the result and
      // first-game achievements, written with each game (restricted to that game being stored).
      hookRows: await t.counts('notifications', 'player_achievements'),
      // Games whose history view differs from building it from their rows (none should).
      viewsUnlikeRows: Number(
        (
          await t.db.execute(sql`select count(*)::int as n from games g
            where g.players_json::text <> arcadia_game_players_json(g.id)::text
               or g.teams_json::text <> arcadia_game_teams_json(g.id)::text`)
        ).rows[0]!.n,
      ),
      mostWaiting,
      waiting: ingestWaiting(t.db),
    };
  } finally {
    await t.close();
  }
}

describe('game reports sent at once', () => {
  let one: Sent;
  let unbatched: Sent;
  beforeAll(async () => {
    one = await sendAtOnce({ INGEST_TRANSACTIONS: '1' });
    unbatched = await sendAtOnce({ INGEST_TRANSACTIONS: '1', INGEST_BATCH_GAMES: '1' });
  });

  it('are each stored, in one transaction at a time with INGEST_TRANSACTIONS=1', () => {
    expect(one.statuses).toEqual([201, 201, 201, 201, 201, 201]);
    expect(one.games).toBe(6);
    expect(one.gamesPlayed).toEqual(Array(12).fill(1));
    expect(one.most).toBe(1);
    // The others waited in memory (the metrics' arcadia_ingest_waiting), and none is left.
    expect(one.mostWaiting).toBeGreaterThan(0);
    expect(one.waiting).toBe(0);
  });

  it('are stored several per transaction, rated as when stored one by one', () => {
    // The first report found the queue empty and went alone; the five that waited went together.
    // Not on PGlite: its queries block the event loop, so on a loaded machine each report may
    // reach the queue only after the one before committed (seen in CI: 6 transactions).
    if (testDbKind === 'postgres') expect(one.transactions).toBe(2);
    expect(one.emits).toBe(one.transactions);
    expect(unbatched.transactions).toBe(6);
    expect(unbatched.emits).toBe(6);
    expect(unbatched.statuses).toEqual(one.statuses);
    expect(one.ratedGames).toEqual(Array(12).fill(1));
    // Every game is its players' first: the same ratings, batched or not.
    expect(one.ratingsAfter).toEqual(unbatched.ratingsAfter);
    expect(new Set(one.ratingsAfter).size).toBeGreaterThan(1);
    expect(one.hookRows).toEqual(unbatched.hookRows);
    expect(one.viewsUnlikeRows).toBe(0);
    // 12 results, 12 first games, 6 first wins.
    expect(one.hookRows.notifications).toBe(30);
  });

  it('answer a refused report of a batch with its 400 and store the others', async () => {
    // Device 3 names a player who is on device 4's roster, not on its own.
    const sent = await sendAtOnce({ INGEST_TRANSACTIONS: '1' }, (i, body, players) =>
      i === 3
        ? {
            ...body,
            players: [body.players[0]!, { ...body.players[1]!, userId: players[8]!.id }],
          }
        : body,
    );
    expect(sent.statuses).toEqual([201, 201, 201, 400, 201, 201]);
    expect(sent.bodies[3]!.error!.code).toBe('not_on_roster');
    expect(sent.games).toBe(5);
    // Device 3's players have nothing; device 4's (players 8 and 9) their own game only.
    expect(sent.gamesPlayed).toEqual([1, 1, 1, 1, 1, 1, undefined, undefined, 1, 1, 1, 1]);
    expect(sent.ratedGames).toEqual([1, 1, 1, 1, 1, 1, undefined, undefined, 1, 1, 1, 1]);
  });

  it('answer a repeated report of a batch with the stored game and store the others', async () => {
    let stored!: { report: GameReportInput; id: string };
    const sent = await sendAtOnce(
      { INGEST_TRANSACTIONS: '1' },
      // Device 2 sends its stored report again (a retry: same key, same game).
      (i, body) => (i === 2 ? stored.report : body),
      async (t, devices, players) => {
        // Device 2 stored a game of players 4 and 5 before; its report now repeats that key.
        await seat(t, devices[2]!, [players[4]!.id, players[5]!.id]);
        const first = report({
          players: [
            { userId: players[4]!.id, teamId: 1, kills: 3, deaths: 1, score: 100 },
            { userId: players[5]!.id, teamId: 2, kills: 1, deaths: 3, score: 50 },
          ],
        });
        const answer = await deviceRequest(t, devices[2]!)('POST', '/games', first);
        expect(answer.status).toBe(201);
        stored = { report: first, id: answer.body.id };
      },
    );
    expect(sent.statuses).toEqual([201, 201, 200, 201, 201, 201]);
    expect(sent.bodies[2]!.id).toBe(stored.id);
    expect(sent.games).toBe(6);
    expect(sent.gamesPlayed).toEqual(Array(12).fill(1));
    expect(sent.ratedGames).toEqual(Array(12).fill(1));
    // The repeat's handlers wrote nothing: the same notifications and achievements as six games
    // stored without a repeat.
    expect(sent.hookRows).toEqual(one.hookRows);
  });

  it.runIf(testDbKind === 'postgres')(
    'run in several transactions at once when the limit allows (PostgreSQL)',
    async () => {
      const three = await sendAtOnce({ INGEST_TRANSACTIONS: '3' });
      expect(three.statuses).toEqual([201, 201, 201, 201, 201, 201]);
      expect(three.most).toBeGreaterThan(1);
      expect(three.most).toBeLessThanOrEqual(3);
    },
  );

  // PostgreSQL only: on PGlite's one connection the held transaction would also hold the other
  // reports' device lookups, so they would never reach the ingest's queue.
  it.runIf(testDbKind === 'postgres')(
    'sheds reports beyond OVERLOAD_POOL_WAITING waiting ones with 503 and Retry-After (PostgreSQL)',
    async () => {
      const t = await createTestApp({
        env: { INGEST_TRANSACTIONS: '1', OVERLOAD_POOL_WAITING: '1' },
      });
      try {
        await addArcade(t, 'neon-city');
        const devices: TestDevice[] = [];
        for (let i = 0; i < 4; i++) devices.push(await addDevice(t, 'neon-city', `arena-${i}`));
        const guests = () =>
          report({
            type: 'freeforall',
            teams: [],
            players: [{ guestName: 'Gast', kills: 1, deaths: 0, score: 10 }],
          });
        const player = await addPlayer(t, 'Anna');
        await seat(t, devices[0]!, [player.id]);
        // The first report holds the one ingest transaction until `release`.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let entered!: () => void;
        const inside = new Promise<void>((resolve) => (entered = resolve));
        t.app.events.on('games.storing', async () => {
          entered();
          await held;
        });
        const send = (i: number, body: unknown) =>
          deviceRequest(t, devices[i]!)('POST', '/games', body);
        const first = send(
          0,
          report({
            type: 'freeforall',
            teams: [],
            players: [{ userId: player.id, kills: 1, deaths: 0, score: 10 }],
          }),
        );
        await inside;
        const waiting = [send(1, guests()), send(2, guests())];
        while (ingestWaiting(t.db) < 2) await new Promise((resolve) => setTimeout(resolve, 5));
        const shed = await send(3, guests());
        expect(shed.status).toBe(503);
        expect(shed.body.error.code).toBe('overloaded');
        expect(shed.headers.get('retry-after')).toBe('5');
        release();
        expect((await Promise.all([first, ...waiting])).map((r) => r.status)).toEqual([
          201, 201, 201,
        ]);
        expect((await t.counts('games')).games).toBe(3);
      } finally {
        await t.close();
      }
    },
  );
});
