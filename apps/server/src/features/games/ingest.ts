import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { FieldIssue, GameReport, IngestedGameResponse } from '@arcadia/contracts';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { gameIngestHooks, type IngestedGame } from './events';
import {
  checkReferences,
  findGameByKey,
  loadGameParts,
  NOT_ON_ROSTER,
  playersOnRoster,
  sqlState,
  storeGame,
  UNKNOWN_MAP,
  UNKNOWN_USER,
  type GamePayload,
  type GameRow,
  type PeriodKey,
} from './ingest-queries';
import { ALL_TIME_START, monthStart, weekStart } from './periods';

/** The device a report comes from. */
export interface ReportingDevice {
  arcadeId: string;
  id: string;
  applicationId: string;
}

export interface IngestResult {
  game: IngestedGameResponse;
  /** false when the idempotency key was seen before: nothing was written. */
  created: boolean;
}

const reportError = (code: string, message: string, details: FieldIssue[]) =>
  new AppError(400, code, message, details);

/**
 * Who won: in team modes every player of the team(s) with the top team score, in freeforall
 * the player(s) with the top score. Ties share the win; everyone else lost.
 */
export function winners(report: GameReport): boolean[] {
  if (report.type === 'freeforall') {
    const top = Math.max(...report.players.map((p) => p.score));
    return report.players.map((p) => p.score === top);
  }
  const top = Math.max(...report.teams.map((t) => t.score));
  const winning = new Set(report.teams.filter((t) => t.score === top).map((t) => t.id));
  return report.players.map(
    (p) => p.teamId !== undefined && p.teamId !== null && winning.has(p.teamId),
  );
}

/** The aggregates one game adds to: week and month for all arcades and this one, all time here. */
export function periodKeys(arcadeId: string, playedAt: Date): PeriodKey[] {
  const week = weekStart(playedAt);
  const month = monthStart(playedAt);
  return [
    { periodKind: 'week', periodStart: week, arcadeId: '' },
    { periodKind: 'week', periodStart: week, arcadeId },
    { periodKind: 'month', periodStart: month, arcadeId: '' },
    { periodKind: 'month', periodStart: month, arcadeId },
    { periodKind: 'all', periodStart: ALL_TIME_START, arcadeId },
  ];
}

async function answer(db: Queryable, game: GameRow) {
  const { teams, players } = await loadGameParts(db, game.id);
  return toResponse(game, teams, players);
}

function toResponse(
  game: GameRow,
  teams: Array<{ teamId: number; name: string; score: number }>,
  players: Array<{
    userId: string | null;
    name: string;
    teamId: number | null;
    kills: number;
    deaths: number;
    score: number;
    won: boolean;
  }>,
): IngestedGameResponse {
  return {
    id: game.id,
    arcade: game.arcadeId,
    deviceId: game.deviceId,
    applicationId: game.applicationId,
    type: game.type,
    mapId: game.mapId,
    playedAt: game.playedAt.toISOString(),
    durationSeconds: game.durationSeconds,
    teams: teams
      .map((t) => ({ id: t.teamId, name: t.name, score: t.score }))
      .sort((a, b) => a.id - b.id),
    players: players.map((p) => ({
      userId: p.userId,
      name: p.name,
      teamId: p.teamId,
      kills: p.kills,
      deaths: p.deaths,
      score: p.score,
      won: p.won,
    })),
  };
}

/**
 * Runs a transaction again when PostgreSQL aborted it for a deadlock or a serialization
 * failure: rare (two games sharing new players at the same moment), and safe (nothing of it
 * was written).
 */
async function retryOnConflict<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= tries || (state !== '40P01' && state !== '40001')) throw error;
    }
  }
}

/** The 400 answer for a report naming a map or users that do not exist. */
async function referenceError(db: Queryable, device: ReportingDevice, report: GameReport) {
  const registered = report.players.flatMap((p) => (p.userId ? [p.userId] : []));
  const { mapExists, names } = await checkReferences(
    db,
    report.mapId,
    device.applicationId,
    registered,
  );
  if (!mapExists)
    return reportError('unknown_map', `There is no map "${report.mapId}" for this game`, [
      { path: 'mapId', message: 'unknown map' },
    ]);
  const unknown: FieldIssue[] = report.players.flatMap((p, i) =>
    p.userId && !names.has(p.userId)
      ? [{ path: `players.${i}.userId`, message: 'unknown user' }]
      : [],
  );
  return reportError('unknown_user', 'The report names users that do not exist', unknown);
}

/** The 400 answer for a device report naming registered players who did not join the device. */
async function rosterError(db: Queryable, device: ReportingDevice, report: GameReport) {
  const registered = report.players.flatMap((p) => (p.userId ? [p.userId] : []));
  const onRoster = await playersOnRoster(db, device.arcadeId, device.id, registered);
  const offending: FieldIssue[] = report.players.flatMap((p, i) =>
    p.userId && !onRoster.has(p.userId)
      ? [{ path: `players.${i}.userId`, message: 'did not join this device for the match' }]
      : [],
  );
  return reportError(
    'not_on_roster',
    'The report names players who did not join this device for the match',
    offending,
  );
}

async function stored(db: Queryable, device: ReportingDevice, key: string) {
  const game = await findGameByKey(db, device.arcadeId, device.id, key);
  return game ? { game: await answer(db, game), created: false } : null;
}

/**
 * Stores a reported game in ONE statement (so one transaction): the game, its teams and
 * players, the players' all-time and period statistics, the release of the players from the
 * device (and the end of the match) — all in arcadia_ingest_game — and every ingest hook's
 * write. A report whose
 * idempotency key this device sent before writes nothing and answers the stored game
 * (created: false).
 */
export async function ingestGame(
  db: Db,
  device: ReportingDevice,
  report: GameReport,
  hooks = gameIngestHooks,
  rules: { rosterOnly?: boolean } = {},
): Promise<IngestResult> {
  const playedAt = report.playedAt ? new Date(report.playedAt) : new Date();
  const won = winners(report);
  const payload: GamePayload = {
    rosterOnly: rules.rosterOnly ?? false,
    id: randomUUID(),
    arcadeId: device.arcadeId,
    deviceId: device.id,
    applicationId: device.applicationId,
    type: report.type,
    mapId: report.mapId,
    playedAt: playedAt.toISOString(),
    durationSeconds: report.durationSeconds,
    idempotencyKey: report.idempotencyKey,
    teams: [...report.teams].sort((a, b) => a.id - b.id),
    players: report.players.map((p, i) => ({
      userId: p.userId ?? null,
      guestName: p.guestName ?? null,
      teamId: p.teamId ?? null,
      kills: p.kills,
      deaths: p.deaths,
      score: p.score,
      won: won[i]!,
    })),
    periods: periodKeys(device.arcadeId, playedAt),
  };
  const ingested: IngestedGame = {
    id: payload.id,
    applicationId: device.applicationId,
    type: report.type,
    players: payload.players.map(({ userId, won, score, kills, deaths }) => ({
      userId,
      won,
      score,
      kills,
      deaths,
    })),
  };
  // Hooks are asked for their writes before anything is stored: a hook that throws here stores
  // nothing, as one whose write fails does.
  const writes = hooks.map((hook) => (whenStored: SQL) => hook(ingested, whenStored));
  let result: IngestedGameResponse | null;
  try {
    const game = await retryOnConflict(() => storeGame(db, payload, writes));
    // This device sent the key before (or a concurrent report just did): nothing written.
    result = game && {
      id: game.id,
      arcade: device.arcadeId,
      deviceId: device.id,
      applicationId: device.applicationId,
      type: report.type,
      mapId: report.mapId,
      playedAt: payload.playedAt,
      durationSeconds: report.durationSeconds,
      teams: payload.teams.map((t) => ({ id: t.id, name: t.name, score: t.score })),
      players: payload.players.map((p) => ({
        userId: p.userId,
        name: p.userId ? game.names[p.userId]! : p.guestName!,
        teamId: p.teamId,
        kills: p.kills,
        deaths: p.deaths,
        score: p.score,
        won: p.won,
      })),
    };
  } catch (error) {
    const state = sqlState(error);
    if (state !== UNKNOWN_MAP && state !== UNKNOWN_USER && state !== NOT_ON_ROSTER) throw error;
    // A repeated report is answered with its game even if a player has gone since (deleted, or
    // released from the device by the first report).
    const replay = await stored(db, device, report.idempotencyKey);
    if (replay) return replay;
    if (state === NOT_ON_ROSTER) throw await rosterError(db, device, report);
    throw await referenceError(db, device, report);
  }
  if (result) return { game: result, created: true };
  const replay = await stored(db, device, report.idempotencyKey);
  if (!replay) throw new Error('A game with this idempotency key vanished');
  return replay;
}

/**
 * A game reported by a device (POST /api/device/v1/games): as ingestGame, and it may name only
 * registered players who joined this device for the match (its roster); a report naming anyone
 * else is refused with 400 and the offending fields, and nothing is written.
 */
export function ingestDeviceReport(
  db: Db,
  device: ReportingDevice,
  report: GameReport,
): Promise<IngestResult> {
  return ingestGame(db, device, report, gameIngestHooks, { rosterOnly: true });
}
