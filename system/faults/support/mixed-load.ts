import { pino } from 'pino';
import type { GameReportInput } from '@arcadia/contracts';
import type { Config } from '../../../apps/server/src/config';
import { seedNews } from '../../../apps/server/src/seed/news';
import type { OpenLoopRequest } from '../../../tools/bench/support/open-loop';
import type { TestIssuer } from '../../../apps/server/test/support/issuer';
import { FAULT_MAP, type FaultArcade } from './arcade';
import { HttpClient } from './http-client';
import type { Target } from './targets';

/** A player registered through the API, with a token to call it as them. */
export interface LoadPlayer {
  id: string;
  token: string;
}

/** The demo news articles (with their header images), published before the server starts. */
export async function publishNews(target: Target): Promise<void> {
  const database = await target.open();
  try {
    await seedNews({
      db: database.db,
      config: {} as Config, // seedNews reads no configuration
      log: pino({ level: 'silent' }),
    });
  } finally {
    await database.close();
  }
}

/** Registers `count` players as the app does (POST /api/v2/user/registration with a token). */
export async function registerPlayers(
  baseUrl: string,
  issuer: TestIssuer,
  count: number,
): Promise<LoadPlayer[]> {
  const client = new HttpClient(baseUrl);
  const players: LoadPlayer[] = [];
  try {
    for (let i = 1; i <= count; i++) {
      // Valid for the longest run (ten minutes of load after the warm-up).
      const token = await issuer.mint(`load-player-${i}`, { expiresIn: 3 * 3600 });
      const res = await client.request('POST', '/api/v2/user/registration', {
        headers: { authorization: `Bearer ${token}` },
        body: {
          username: `Load${String(i).padStart(3, '0')}`,
          mail: `load${i}@example.test`,
          agb: true,
        },
      });
      if (res.status !== 201)
        throw new Error(`registration ${i}: ${res.status} ${JSON.stringify(res.body)}`);
      players.push({ id: (res.body as { id: string }).id, token });
    }
  } finally {
    client.close();
  }
  return players;
}

/**
 * A game report body with `@KEY@` where the open-loop generator puts a fresh idempotency key.
 * Its players are guests: a device may name registered players only once they joined it, and
 * the open-loop generator sends independent requests it cannot order after such joins. The
 * statistics that registered players' games write are checked in the kill -9 scenario.
 */
function reportBody(n: number): string {
  const report: GameReportInput = {
    idempotencyKey: '@KEY@',
    type: 'elimination',
    mapId: FAULT_MAP,
    durationSeconds: 300,
    teams: [
      { id: 1, name: 'Rot', score: n % 7 },
      { id: 2, name: 'Blau', score: (n * 3) % 7 },
    ],
    players: [0, 1, 2, 3].map((k) => ({
      guestName: `Gast ${k + 1}`,
      teamId: 1 + (k % 2),
      kills: (n + k * 5) % 20,
      deaths: (n * 2 + k) % 15,
      score: (n * 7 + k * 11) % 50,
    })),
  };
  return JSON.stringify(report);
}

/** What the mix is made of, in turn: 30 % game reports, then profiles, leaderboards, news, search. */
const PATTERN = [
  'profile',
  'leaderboard',
  'report',
  'news',
  'profile',
  'search',
  'report',
  'leaderboard',
  'news',
  'report',
] as const;
const METRICS = ['score', 'wins', 'kd'];

/** The requests of the mixed load, sent in turn at the fixed rate. */
export function mixedRequests(arcade: FaultArcade, players: LoadPlayer[]): OpenLoopRequest[] {
  return Array.from({ length: PATTERN.length * 12 }, (_, i): OpenLoopRequest => {
    const player = players[i % players.length]!;
    const bearer = { authorization: `Bearer ${player.token}` };
    const kind = PATTERN[i % PATTERN.length]!;
    switch (kind) {
      case 'profile':
        return {
          path: `/api/user/${players[(i * 7) % players.length]!.id}/details`,
          headers: bearer,
        };
      case 'leaderboard':
        return { path: `/api/leaderboards/commando?metric=${METRICS[i % METRICS.length]}` };
      case 'news':
        return { path: '/api/news' };
      case 'search':
        return { path: '/api/user?searchterm=load', headers: bearer };
      case 'report': {
        const device = arcade.devices[i % arcade.devices.length]!;
        return {
          method: 'POST',
          path: '/api/device/v1/games',
          headers: { authorization: device.authorization, 'content-type': 'application/json' },
          body: reportBody(i),
        };
      }
    }
  });
}

/** The server's resident memory, sampled every second while a load runs. */
export function sampleMemory(read: () => number | undefined): {
  samples: Array<{ at: number; bytes: number }>;
  stop(): void;
} {
  const samples: Array<{ at: number; bytes: number }> = [];
  const started = performance.now();
  const take = () => {
    const bytes = read();
    if (bytes !== undefined) samples.push({ at: (performance.now() - started) / 1000, bytes });
  };
  take();
  const timer = setInterval(take, 1_000);
  return { samples, stop: () => clearInterval(timer) };
}
