import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { deviceAuthorization, type GameReportInput } from '@arcadia/contracts';
import type { TestApp } from './app';
import { devicePlayers, maps, users } from '../../src/db/schema';
import { createArcade } from '../../src/features/arcades/service';
import { createDevice } from '../../src/features/devices/service';
import type { RowsWrite } from '../../src/events/rows-write';

/** Fixtures of the integration tests: an arcade, its devices and players, the reports they send. */

export interface TestDevice {
  arcade: string;
  id: string;
  key: string;
  headers: { authorization: string };
}

export interface TestPlayer {
  id: string;
  sub: string;
  userName: string;
  token: string;
}

export async function addArcade(t: TestApp, arcade = 'test-arcade', name = 'Test Arcade') {
  await createArcade(t.db, { id: arcade, name, city: 'Teststadt' });
  await t.db
    .insert(maps)
    .values([
      { id: 'neon-docks', name: 'Neon Docks', iconPath: '/assets/maps/neon-docks.svg' },
      { id: 'skyline', name: 'Skyline', iconPath: '/assets/maps/skyline.svg' },
    ])
    .onConflictDoNothing();
}

export async function addDevice(
  t: TestApp,
  arcade: string,
  id: string,
  options: { capacity?: number; online?: boolean } = {},
): Promise<TestDevice> {
  const { key } = await createDevice(t.db, {
    arcade,
    id,
    name: `Device ${id}`,
    capacity: options.capacity ?? 8,
  });
  if (options.online !== false) await setLastSeen(t, arcade, id, new Date());
  return { arcade, id, key, headers: { authorization: deviceAuthorization(arcade, id, key) } };
}

export async function setLastSeen(t: TestApp, arcade: string, id: string, at: Date | null) {
  await t.db.execute(
    sql`update devices set last_seen_at = ${at?.toISOString() ?? null} where arcade_id = ${arcade} and id = ${id}`,
  );
}

/** A registered player (linked to a sign-in) and a token for it. */
export async function addPlayer(t: TestApp, userName: string): Promise<TestPlayer> {
  const sub = `sub-${userName}-${randomUUID().slice(0, 8)}`;
  const [row] = await t.db
    .insert(users)
    .values({ userName, identitySub: sub, mail: `${userName.toLowerCase()}@example.test` })
    .returning();
  return { id: row!.id, sub, userName, token: await t.issuer.mint(sub) };
}

export function deviceRequest(t: TestApp, device: TestDevice) {
  return (method: string, path: string, body?: unknown) =>
    t.request(method, `/api/device/v1${path}`, { headers: device.headers, body });
}

export function report(overrides: Partial<GameReportInput> = {}): GameReportInput {
  return {
    idempotencyKey: `key-${randomUUID()}`,
    type: 'elimination',
    mapId: 'neon-docks',
    durationSeconds: 300,
    teams: [
      { id: 1, name: 'Rot', score: 3 },
      { id: 2, name: 'Blau', score: 1 },
    ],
    players: [],
    ...overrides,
  };
}

/**
 * Puts players on a device's roster as joining does (POST .../player), without the play rules
 * (a player on another device moves): a device may report only the players on its roster.
 */
export async function seat(t: TestApp, device: TestDevice, userIds: string[]) {
  if (userIds.length === 0) return;
  await t.db
    .insert(devicePlayers)
    .values(userIds.map((userId) => ({ userId, arcadeId: device.arcade, deviceId: device.id })))
    .onConflictDoUpdate({
      target: devicePlayers.userId,
      set: { arcadeId: sql`excluded.arcade_id`, deviceId: sql`excluded.device_id` },
    });
}

/** A match played on the device: its registered players join it, then it reports the game. */
export async function reportPlayed(t: TestApp, device: TestDevice, body: GameReportInput) {
  await seat(
    t,
    device,
    (body.players ?? []).flatMap((p) => (p.userId ? [p.userId] : [])),
  );
  return deviceRequest(t, device)('POST', '/games', body);
}

/**
 * A game's write that fails at the very end of its statement: a push row for a user that does
 * not exist (a foreign-key violation), to show that nothing of the game is kept.
 */
export const failingWrite = (gameId: string): RowsWrite => ({
  key: 'test unknown user',
  rows: [{ game_id: gameId, user_id: randomUUID() }],
  render: (rows, when) => sql`insert into push_outbox (user_id, kind, payload)
    select m.user_id, 'test', '{}'::jsonb
    from jsonb_to_recordset(${rows}) as m(game_id uuid, user_id uuid) where ${when}`,
});
