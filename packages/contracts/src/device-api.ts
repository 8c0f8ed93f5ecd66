import { z } from 'zod';
import { gameTypeSchema } from './games';
import { SINGLE_LINE, VISIBLE_NAME } from './limits';

/**
 * The device API, `/api/device/v1/...`, used by arcade devices (and tools/device-sim).
 * Every call carries `Authorization: Device <arcade>:<id>:<key>` (the key printed once by
 * `npm run admin -- device create`). Missing or malformed header: 401 `device_auth_required`;
 * unknown device or wrong key: 401 `device_auth_failed`.
 *
 * - `GET  /players?since=<version>&wait=<0..25>` → DevicePlayers. With `since` equal to the
 *   current version the call waits up to `wait` seconds for the roster to change (long poll) and
 *   then answers the current roster (same version when nothing changed).
 * - `GET  /players/stream` → text/event-stream; one `event: players` with a DevicePlayers JSON at
 *   once and after every change; a `: keep-alive` comment every 15 s.
 * - `POST /heartbeat` (body empty or `{}`) → Heartbeat. A device without a heartbeat for 60 s is
 *   offline: players cannot join it.
 * - `POST /match/start` → DevicePlayers with matchStartedAt set; nobody can join until the report.
 * - `POST /match/cancel` → DevicePlayers with matchStartedAt cleared (players stay on).
 * - `POST /games` body GameReport → 201 IngestedGame; the same report with its idempotencyKey
 *   again → 200 and the same game, nothing written; another game under a key this device used
 *   before → 409 `idempotency_key_reused` naming what differs, nothing written. Storing a game releases its players from the device and clears
 *   matchStartedAt. Invalid → 400 `validation_failed` with the fields, nothing written; an
 *   unknown map → 400 `unknown_map`; an unknown user → 400 `unknown_user` (details name the field).
 * - `POST /games/{gameId}/claims` → DeviceClaims (claims.ts): one claim URL per guest slot of a
 *   game this device reported, for a QR code beside the guest's result; valid 24 h, once. Asking
 *   again replaces the codes (the old ones stop working). 404 for another device's game.
 */

export const DEVICE_AUTH_SCHEME = 'Device';
export const DEVICE_LONG_POLL_MAX_SECONDS = 25;
/**
 * Long polls and streams one device may hold open on a server process; a newer one ends the
 * oldest (a long poll then answers the roster as it is, a stream closes).
 */
export const DEVICE_MAX_WAITING = 4;
export const GAME_REPORT_MAX_PLAYERS = 32;
export const GAME_REPORT_MAX_TEAMS = 8;

export function deviceAuthorization(arcade: string, id: string, key: string): string {
  return `${DEVICE_AUTH_SCHEME} ${arcade}:${id}:${key}`;
}

export const devicePlayerSchema = z.object({
  userId: z.uuid().toLowerCase(),
  userName: z.string(),
  joinedAt: z.string(),
});
export type DevicePlayer = z.infer<typeof devicePlayerSchema>;

/** Who is on this device now. version grows with every join, leave and release. */
export const devicePlayersSchema = z.object({
  arcade: z.string(),
  id: z.string(),
  version: z.number().int(),
  capacity: z.number().int(),
  matchStartedAt: z.string().nullable(),
  players: z.array(devicePlayerSchema),
});
export type DevicePlayers = z.infer<typeof devicePlayersSchema>;

export const devicePlayersQuerySchema = z.object({
  since: z.coerce.number().int().min(0).optional(),
  wait: z.coerce.number().int().min(0).max(DEVICE_LONG_POLL_MAX_SECONDS).default(0),
});

export const heartbeatSchema = z.object({
  serverTime: z.string(),
  version: z.number().int(),
  matchStartedAt: z.string().nullable(),
});
export type Heartbeat = z.infer<typeof heartbeatSchema>;

const count = (field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .int({ message: `${field} must be a whole number` })
    .min(0, { message: `${field} must not be negative` })
    .max(1_000_000, { message: `${field} is too large` });

export const reportTeamSchema = z.object({
  id: z.number().int().min(0).max(99),
  name: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(SINGLE_LINE, 'one line without control characters')
    .regex(VISIBLE_NAME, 'visible characters, without direction controls'),
  score: count('score'),
});

export const reportPlayerSchema = z
  .object({
    userId: z.uuid({ message: 'userId must be a user id' }).toLowerCase().optional(),
    guestName: z
      .string()
      .trim()
      .min(1)
      .max(24)
      .regex(SINGLE_LINE, 'one line without control characters')
      .regex(VISIBLE_NAME, 'visible characters, without direction controls')
      .optional(),
    teamId: z.number().int().min(0).max(99).nullish(),
    kills: count('kills'),
    deaths: count('deaths'),
    score: count('score'),
  })
  .refine((p) => Boolean(p.userId) !== Boolean(p.guestName), {
    message: 'a player has either a userId or a guestName',
    path: ['userId'],
  });
export type ReportPlayer = z.infer<typeof reportPlayerSchema>;

/** A finished game as a device reports it. */
/**
 * The earliest `playedAt` a device may report: a date before it is no arcade game of this system
 * but a broken clock or a forged report (a security review stored one of year 1, which the match
 * page then showed as "01.01.1" and the trends as 2001).
 */
export const GAME_REPORT_EARLIEST = '2000-01-01T00:00:00Z';

/** The longest game a device may report (`durationSeconds`): a day. */
export const GAME_MAX_DURATION_SECONDS = 86_400;

export const gameReportSchema = z
  .object({
    // One line: a key with a line break could start a line of a backup's SQL (docs/backups.md).
    idempotencyKey: z
      .string()
      .trim()
      .min(8)
      .max(100)
      .regex(SINGLE_LINE, 'one line without control characters'),
    type: gameTypeSchema,
    mapId: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(SINGLE_LINE, 'one line without control characters'),
    durationSeconds: z.number().int().min(1).max(GAME_MAX_DURATION_SECONDS),
    playedAt: z.iso
      .datetime({ offset: true, message: 'playedAt must be an ISO date-time' })
      .optional(),
    teams: z.array(reportTeamSchema).max(GAME_REPORT_MAX_TEAMS).default([]),
    players: z
      .array(reportPlayerSchema)
      .min(1, { message: 'a game has at least one player' })
      .max(GAME_REPORT_MAX_PLAYERS, {
        message: `a game has at most ${GAME_REPORT_MAX_PLAYERS} players`,
      }),
  })
  .superRefine((report, ctx) => {
    const teamIds = new Set(report.teams.map((t) => t.id));
    if (teamIds.size !== report.teams.length)
      ctx.addIssue({ code: 'custom', path: ['teams'], message: 'team ids must be unique' });
    const teamMode = report.type !== 'freeforall';
    if (teamMode && report.teams.length < 2)
      ctx.addIssue({
        code: 'custom',
        path: ['teams'],
        message: `${report.type} needs at least two teams`,
      });
    if (!teamMode && report.teams.length > 0)
      ctx.addIssue({ code: 'custom', path: ['teams'], message: 'freeforall has no teams' });
    const seen = new Set<string>();
    report.players.forEach((p, i) => {
      if (teamMode && (p.teamId === undefined || p.teamId === null || !teamIds.has(p.teamId)))
        ctx.addIssue({
          code: 'custom',
          path: ['players', i, 'teamId'],
          message: 'teamId must name one of the teams',
        });
      if (!teamMode && p.teamId !== undefined && p.teamId !== null)
        ctx.addIssue({
          code: 'custom',
          path: ['players', i, 'teamId'],
          message: 'freeforall players have no team',
        });
      if (p.userId) {
        if (seen.has(p.userId))
          ctx.addIssue({
            code: 'custom',
            path: ['players', i, 'userId'],
            message: 'a player appears only once',
          });
        seen.add(p.userId);
      }
    });
    if (report.playedAt && Date.parse(report.playedAt) > Date.now() + 5 * 60_000)
      ctx.addIssue({
        code: 'custom',
        path: ['playedAt'],
        message: 'playedAt must not be in the future',
      });
    if (report.playedAt && Date.parse(report.playedAt) < Date.parse(GAME_REPORT_EARLIEST))
      ctx.addIssue({
        code: 'custom',
        path: ['playedAt'],
        message: `playedAt must not be before ${GAME_REPORT_EARLIEST.slice(0, 10)}`,
      });
  });
export type GameReportInput = z.input<typeof gameReportSchema>;
export type GameReport = z.output<typeof gameReportSchema>;

/** A stored game as the device API answers it. won: ties for the top (team) score share it. */
export const ingestedGameSchema = z.object({
  id: z.uuid().toLowerCase(),
  arcade: z.string(),
  deviceId: z.string(),
  applicationId: z.string(),
  type: gameTypeSchema,
  mapId: z.string(),
  playedAt: z.string(),
  durationSeconds: z.number().int(),
  teams: z.array(z.object({ id: z.number().int(), name: z.string(), score: z.number().int() })),
  players: z.array(
    z.object({
      userId: z.uuid().toLowerCase().nullable(),
      name: z.string(),
      teamId: z.number().int().nullable(),
      kills: z.number().int(),
      deaths: z.number().int(),
      score: z.number().int(),
      won: z.boolean(),
    }),
  ),
});
export type IngestedGameResponse = z.infer<typeof ingestedGameSchema>;
