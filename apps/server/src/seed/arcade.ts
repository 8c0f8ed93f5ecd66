import fs from 'node:fs/promises';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { GAME_TYPES, gameReportSchema, type GameType } from '@arcadia/contracts';
import { seededRng, simulateMatch } from '@arcadia/device-sim';
import { users } from '../db/schema';
import { createEventBus } from '../events/map';
import { recomputeAchievements } from '../features/achievements';
import { createArcade } from '../features/arcades/service';
import { createDevice } from '../features/devices/service';
import { insertMap } from '../features/games/catalogue';
import { ingestGame } from '../features/games/ingest';
import { secretsMayBeLogged } from '../plugins/logging';
import type { SeedContext } from './index';

/** Where a production start puts the demo devices' keys instead of the log (mode 0600). */
export const DEMO_KEYS_FILE = 'demo-device-keys.txt';

export const DEMO_ARCADE = { id: 'arcadia-berlin', name: 'Arcadia Berlin', city: 'Berlin' };

export const DEMO_MAPS = [
  { id: 'neon-docks', name: 'Neon Docks' },
  { id: 'skyline', name: 'Skyline' },
  { id: 'jungle-ruins', name: 'Jungle Ruins' },
  { id: 'frost-base', name: 'Frost Base' },
].map((m) => ({ ...m, applicationId: 'commando', iconPath: `/assets/maps/${m.id}.svg` }));

const DEMO_DEVICES = [
  { id: 'arena-1', name: 'Arena Nord', capacity: 8 },
  { id: 'arena-2', name: 'Arena Süd', capacity: 8 },
  { id: 'duel', name: 'Duell-Kabine', capacity: 4 },
];

export const DEMO_GAMES = 240;
const WEEKS = 8;

/**
 * The demo arcade: Arcadia Berlin with three devices and four maps, and a few hundred games
 * among the seeded players over the last eight weeks, stored through the real ingest so that
 * statistics, periods and ranks are exactly what live games would have made. Device keys are
 * random and shown once (rotate them with `npm run admin -- device rotate-key`): in the log in
 * development, in `${DATA_DIR}/demo-device-keys.txt` (owner only) in production.
 */
export async function seedArcade({ db, log, config }: SeedContext): Promise<void> {
  // A bus without handlers: demo games notify nobody.
  const quiet = createEventBus();
  await createArcade(db, DEMO_ARCADE);
  // Through the catalogue, as the operator console adds maps.
  for (const map of DEMO_MAPS) await insertMap(db, map);
  const devices = [];
  const lines: string[] = [];
  for (const d of DEMO_DEVICES) {
    const { device, key } = await createDevice(db, { arcade: DEMO_ARCADE.id, ...d });
    devices.push(device);
    lines.push(
      `demo device ${device.arcadeId};${device.id} key ${key} — play: npm run start -w @arcadia/device-sim -- --arcade ${device.arcadeId} --device ${device.id} --key=${key}`,
    );
  }
  if (secretsMayBeLogged(config)) {
    for (const line of lines) log.info(line);
  } else {
    const file = path.join(config.dataDir, DEMO_KEYS_FILE);
    await fs.mkdir(config.dataDir, { recursive: true });
    await fs.writeFile(file, `${lines.join('\n')}\n`, { mode: 0o600 });
    await fs.chmod(file, 0o600);
    log.info(
      `demo device keys written to ${file} (readable by this user only); rotate them with npm run admin -- device rotate-key`,
    );
  }
  const players = await db
    .select({ userId: users.id })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.userName));
  if (players.length === 0) return;

  const rng = seededRng(20_260_301);
  const now = Date.now();
  const span = WEEKS * 7 * 86_400_000;
  // Oldest first, at opening hours (14:00–23:00 Berlin, roughly).
  const times = Array.from({ length: DEMO_GAMES }, () => {
    const day = new Date(now - rng() * span);
    day.setUTCHours(12 + Math.floor(rng() * 10), Math.floor(rng() * 60), 0, 0);
    return Math.min(day.getTime(), now - 60_000);
  }).sort((a, b) => a - b);

  for (const [n, at] of times.entries()) {
    const device = devices[Math.floor(rng() * devices.length)]!;
    const type: GameType = device.capacity <= 4 ? 'freeforall' : GAME_TYPES[Math.floor(rng() * 3)]!;
    const count = Math.min(players.length, 1 + Math.floor(rng() * Math.min(6, device.capacity)));
    const shuffled = [...players].sort(() => rng() - 0.5).slice(0, count);
    const report = simulateMatch({
      type,
      players: shuffled,
      fillTo: Math.max(count, device.capacity - Math.floor(rng() * 3)),
      mapIds: DEMO_MAPS.map((m) => m.id),
      rng,
      durationSeconds: (5 + Math.floor(rng() * 11)) * 60,
      playedAt: new Date(at),
      idempotencyKey: `demo-game-${String(n).padStart(4, '0')}`,
    });
    await ingestGame(db, quiet, device, gameReportSchema.parse(report));
  }
  // The games went in without the live handlers (no bell, no push for invented players), so
  // their achievements are awarded as the backfill command does: a demo profile with 80 games
  // shows 'First game', not 0 of 11.
  const awarded = await recomputeAchievements(
    db,
    players.map((p) => p.userId),
    { award: true, notify: false },
  );
  log.info(
    `seeded ${DEMO_GAMES} demo games at ${DEMO_ARCADE.name}, ${awarded} achievements unlocked`,
  );
}
