import { randomUUID } from 'node:crypto';
import type { FieldIssue, GameReport, IngestedGameResponse } from '@arcadia/contracts';
import type { Db, Queryable } from '../../db/client';
import { AppError, deviceAuthFailed, deviceDisabled } from '../../plugins/errors';
import type { AppEventBus, StoredGame } from '../../events/map';
import type { RowsWrite } from '../../events/rows-write';
import { ingestQueue } from './ingest-queue';
import { batchKeys, storeReports, type StoreJob, type Written } from './ingest-store';
import {
  DEVICE_DISABLED,
  DEVICE_KEY_CHANGED,
  existingUsers,
  findGameByKey,
  isRetiredMap,
  loadGameParts,
  MODE_NOT_OFFERED,
  NOT_ON_ROSTER,
  REFUSALS,
  playersOnRoster,
  sqlState,
  UNKNOWN_APPLICATION,
  UNKNOWN_MAP,
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
  /**
   * The stored hash of the key the report was authenticated with: the store checks it, and that
   * the device is enabled, under the device's row lock (AR006 / AR007). Unset for the demo seed.
   */
  keyHash?: string;
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
function winners(report: GameReport): boolean[] {
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
function periodKeys(arcadeId: string, playedAt: Date): PeriodKey[] {
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

/** A game as the device is answered: the same whether it was stored now or before. */
interface AnsweredGame {
  game: Pick<
    GameRow,
    'id' | 'arcadeId' | 'deviceId' | 'applicationId' | 'type' | 'mapId' | 'durationSeconds'
  > & { playedAt: Date };
  teams: Array<{ id: number; name: string; score: number }>;
  players: Array<{
    userId: string | null;
    name: string;
    teamId: number | null;
    kills: number;
    deaths: number;
    score: number;
    won: boolean;
  }>;
}

function toResponse({ game, teams, players }: AnsweredGame): IngestedGameResponse {
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
      .map((t) => ({ id: t.id, name: t.name, score: t.score }))
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
 * The 400 answer for a report arcadia_ingest_game refused: it checked the catalogue (the
 * device's application AR004, the mode AR005, the map AR001), then the registered players
 * (AR002), then the roster (AR003); here only the offending fields are looked up for the details.
 */
async function refusal(db: Queryable, device: ReportingDevice, report: GameReport, state: string) {
  if (state === UNKNOWN_APPLICATION)
    return reportError(
      'unknown_application',
      `This device runs "${device.applicationId}", which is not in the game catalogue`,
      [{ path: 'applicationId', message: `unknown game "${device.applicationId}" (the device's)` }],
    );
  if (state === MODE_NOT_OFFERED)
    return reportError(
      'unknown_mode',
      `"${device.applicationId}" has no mode "${report.type}" in play`,
      [{ path: 'type', message: 'mode not offered by this game' }],
    );
  if (state === UNKNOWN_MAP) {
    const retired = await isRetiredMap(db, device.applicationId, report.mapId);
    return reportError(
      'unknown_map',
      retired
        ? `The map "${report.mapId}" is retired`
        : `There is no map "${report.mapId}" for this game`,
      [{ path: 'mapId', message: retired ? 'retired map' : 'unknown map' }],
    );
  }
  if (state === NOT_ON_ROSTER) return rosterError(db, device, report);
  const registered = report.players.flatMap((p) => (p.userId ? [p.userId] : []));
  const existing = await existingUsers(db, registered);
  const unknown: FieldIssue[] = report.players.flatMap((p, i) =>
    p.userId && !existing.has(p.userId)
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

type GameParts = Awaited<ReturnType<typeof loadGameParts>>;

/**
 * Where a report sent again with a stored game's idempotency key differs from that game: what it
 * says of the match (mode, map, duration, time when given, teams, each slot's team and figures
 * and who played it). A slot stored for a registered player who has since been deleted, or a
 * guest's slot claimed since by a player, still matches.
 */
function differences(report: GameReport, game: GameRow, parts: GameParts): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const differ = (path: string) => issues.push({ path, message: 'differs from the stored game' });
  if (report.type !== game.type) differ('type');
  if (report.mapId !== game.mapId) differ('mapId');
  if (report.durationSeconds !== game.durationSeconds) differ('durationSeconds');
  if (report.playedAt && Date.parse(report.playedAt) !== game.playedAt.getTime())
    differ('playedAt');
  const teams = [...report.teams].sort((a, b) => a.id - b.id);
  if (
    teams.length !== parts.teams.length ||
    teams.some((t, i) => {
      const s = parts.teams[i]!;
      return t.id !== s.teamId || t.name !== s.name || t.score !== s.score;
    })
  )
    differ('teams');
  if (report.players.length !== parts.players.length) differ('players');
  else
    report.players.forEach((p, i) => {
      const s = parts.players[i]!;
      const same =
        (p.teamId ?? null) === s.teamId &&
        p.kills === s.kills &&
        p.deaths === s.deaths &&
        p.score === s.score &&
        (s.anonymised ||
          (p.userId ? s.userId === p.userId : s.userId !== null || s.name === p.guestName));
      if (!same) differ(`players.${i}`);
    });
  return issues;
}

async function stored(
  db: Queryable,
  device: ReportingDevice,
  report: GameReport,
): Promise<IngestResult | null> {
  const game = await findGameByKey(db, device.arcadeId, device.id, report.idempotencyKey);
  if (!game) return null;
  const parts = await loadGameParts(db, game.id);
  const issues = differences(report, game, parts);
  if (issues.length > 0)
    throw new AppError(
      409,
      'idempotency_key_reused',
      'This device reported another game with this idempotency key before; nothing was written',
      issues,
    );
  const teams = parts.teams.map((t) => ({ id: t.teamId, name: t.name, score: t.score }));
  return { game: toResponse({ game, teams, players: parts.players }), created: false };
}

/**
 * Stores a reported game in one transaction (features/games/ingest-store.ts): the game, its teams
 * and players, their skill ratings and achievements, the players' all-time and period
 * statistics, the release of the players from the device (and the end of the match), the live
 * channel's 'game' hint to its players (sent on commit) — all in arcadia_ingest_game — and the
 * writes of the 'game.stored' handlers. A report whose idempotency key this device sent before
 * writes nothing and answers the stored game (created: false). `rosterOnly`: see GamePayload;
 * `transactions` and `batch`: the process's limits of concurrent ingest transactions and of
 * games per transaction (INGEST_TRANSACTIONS, INGEST_BATCH_GAMES), which a caller that passes
 * them sets (features/games/ingest-queue.ts).
 */
export async function ingestGame(
  db: Db,
  events: AppEventBus,
  device: ReportingDevice,
  report: GameReport,
  rules: {
    rosterOnly?: boolean;
    transactions?: number | undefined;
    batch?: number | undefined;
  } = {},
): Promise<IngestResult> {
  const playedAt = report.playedAt ? new Date(report.playedAt) : new Date();
  const won = winners(report);
  const payload: GamePayload = {
    rosterOnly: rules.rosterOnly ?? false,
    ...(device.keyHash ? { deviceKeyHash: device.keyHash } : {}),
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
      rating: null,
    })),
    periods: periodKeys(device.arcadeId, playedAt),
  };
  const game: StoredGame = {
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
  // The handlers are asked for their writes before anything is stored: one that throws here
  // stores nothing, as one whose write fails does.
  const writes: RowsWrite[] = [];
  await events.emit('game.stored', { write: (write) => writes.push(write) }, game);
  let written: Written;
  try {
    // null: this device sent the key before (or a concurrent report just did): nothing written.
    // At most rules.transactions transactions in flight per process; the report waits for its
    // turn without holding a connection, and is stored with others waiting beside it that share
    // neither its device nor a player (ingest-queue.ts).
    const job: StoreJob = { events, payload, writes };
    written = await ingestQueue(db, (jobs: StoreJob[]) => storeReports(db, jobs), {
      transactions: rules.transactions,
      batch: rules.batch,
    }).submit(job, batchKeys(payload), events);
  } catch (error) {
    const state = sqlState(error);
    if (state === DEVICE_KEY_CHANGED) throw deviceAuthFailed();
    if (state === DEVICE_DISABLED) throw deviceDisabled();
    if (!state || !REFUSALS.has(state)) throw error;
    // A repeated report is answered with its game even if a player has gone since (deleted, or
    // released from the device by the first report).
    const replay = await stored(db, device, report);
    if (replay) return replay;
    throw await refusal(db, device, report, state);
  }
  if (written) {
    const { names } = written;
    const answered: AnsweredGame = {
      game: {
        id: payload.id,
        arcadeId: device.arcadeId,
        deviceId: device.id,
        applicationId: device.applicationId,
        type: report.type,
        mapId: report.mapId,
        playedAt,
        durationSeconds: report.durationSeconds,
      },
      teams: payload.teams,
      players: payload.players.map((p) => ({
        ...p,
        name: p.userId ? names[p.userId]! : p.guestName!,
      })),
    };
    return { game: toResponse(answered), created: true };
  }
  const replay = await stored(db, device, report);
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
  events: AppEventBus,
  device: ReportingDevice,
  report: GameReport,
  limits: { transactions?: number; batch?: number } = {},
): Promise<IngestResult> {
  return ingestGame(db, events, device, report, { rosterOnly: true, ...limits });
}
