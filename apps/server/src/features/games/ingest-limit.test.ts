import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/support/app';
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
import { playerStats } from '../../db/schema';
import { ingestWaiting } from './ingest-limit';

/**
 * Reports sent at once by six devices, with INGEST_TRANSACTIONS transactions in flight at most:
 * a 'game.storing' handler (inside each game's transaction) counts how many run at the same time.
 */
async function sendAtOnce(transactions: number) {
  const t = await createTestApp({ env: { INGEST_TRANSACTIONS: String(transactions) } });
  try {
    await addArcade(t, 'neon-city');
    const devices: TestDevice[] = [];
    const players: TestPlayer[] = [];
    for (let i = 0; i < 6; i++) devices.push(await addDevice(t, 'neon-city', `arena-${i}`));
    for (let i = 0; i < 12; i++) players.push(await addPlayer(t, `Spieler ${i}`));
    let inFlight = 0;
    let most = 0;
    let mostWaiting = 0;
    t.app.events.on('game.storing', async () => {
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
          report({
            players: [
              { userId: players[2 * i]!.id, teamId: 1, kills: 3, deaths: 1, score: 100 + i },
              { userId: players[2 * i + 1]!.id, teamId: 2, kills: 1, deaths: 3, score: 50 },
            ],
          }),
        ),
      ),
    );
    const stats = await Promise.all(
      players.map(
        async (p) => (await t.db.select().from(playerStats).where(eq(playerStats.userId, p.id)))[0],
      ),
    );
    return {
      statuses: answers.map((a) => a.status),
      most,
      gamesPlayed: stats.map((s) => s?.gamesPlayed),
      games: (await t.counts('games')).games,
      mostWaiting,
      waiting: ingestWaiting(t.db),
    };
  } finally {
    await t.close();
  }
}

describe('game reports sent at once', () => {
  let one: Awaited<ReturnType<typeof sendAtOnce>>;
  beforeAll(async () => {
    one = await sendAtOnce(1);
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

  it.runIf(testDbKind === 'postgres')(
    'run in several transactions at once when the limit allows (PostgreSQL)',
    async () => {
      const three = await sendAtOnce(3);
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
        t.app.events.on('game.storing', async () => {
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
