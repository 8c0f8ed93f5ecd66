import { z } from 'zod';
import { userRoleSchema } from './admin';
import { ADMIN_GAMES_TIME_ZONE } from './admin-games';
import { gameSchema } from './games';
import { statisticsSummarySchema } from './statistics';
import { SEARCH_MIN_LENGTH } from './limits';
import { usernameSchema } from './users';

/**
 * Players and visits as the operator console sees and changes them (docs/operator-console.md).
 * Admins see every player; staff see the players who played at or visited their arcades.
 * Renaming, suspending and deleting are for admins; staff record and list their arcades' visits.
 */

/** The longest suspension reason (shown to admins, not to the player). */
export const SUSPENSION_REASON_MAX = 500;

/** The error code of a suspended player's refused token, sign-in or play join. */
export const ACCOUNT_SUSPENDED = 'account_suspended';

/** GET /api/admin/players: `q` matches anywhere in the user name, case-insensitively. */
export const adminPlayersQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, { message: 'q must not be empty' })
    .max(64, { message: 'q must be at most 64 characters' })
    .optional(),
  page: z.coerce
    .number({ message: 'page must be a number' })
    .int({ message: 'page must be a whole number' })
    .min(1, { message: 'page must be at least 1' })
    .max(10_000, { message: 'page must be at most 10000' })
    .default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminPlayersQuery = z.infer<typeof adminPlayersQuerySchema>;

export const adminPlayerSummarySchema = z.object({
  id: z.uuid().toLowerCase(),
  userName: z.string(),
  role: userRoleSchema,
  /** Linked to a sign-in (false: an unclaimed user-card profile). */
  claimed: z.boolean(),
  /** When an admin suspended the player; null while they may play. */
  suspendedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminPlayerSummary = z.infer<typeof adminPlayerSummarySchema>;

export const adminPlayersPageSchema = z.object({
  players: z.array(adminPlayerSummarySchema),
  page: z.number().int(),
  /** Whether another page follows. */
  hasMore: z.boolean(),
});
export type AdminPlayersPage = z.infer<typeof adminPlayersPageSchema>;

/**
 * GET /api/admin/players/find?q=: the console's player picker (roles, visits, a guest's result):
 * players by name, whatever their profile's visibility, answered as the public search is
 * (`searchResultSchema`, at most SEARCH_RESULT_LIMIT). Admins find every player; staff the players
 * of their arcades (as GET /players) and those the public search shows them.
 */
export const adminFindPlayersQuerySchema = z.object({
  q: z
    .string({ message: 'q is required' })
    .trim()
    .min(SEARCH_MIN_LENGTH, { message: `q must be at least ${SEARCH_MIN_LENGTH} characters` })
    .max(64, { message: 'q must be at most 64 characters' }),
});
export type AdminFindPlayersQuery = z.infer<typeof adminFindPlayersQuerySchema>;

export const adminPlayerParamsSchema = z.object({
  id: z.uuid({ message: 'id must be a user id' }).toLowerCase(),
});

/** GET /api/admin/players/{id}: the profile, its status and its recent games. */
export const adminPlayerSchema = adminPlayerSummarySchema.extend({
  earlyAdopter: z.boolean(),
  /**
   * Admins only (null for staff): the e-mail given at registration and the sign-in's e-mail at
   * the embedded provider (null with an external issuer or for an unclaimed profile).
   */
  mail: z.string().nullable(),
  signInEmail: z.string().nullable(),
  /** Admins only (null for staff and while not suspended). */
  suspendedReason: z.string().nullable(),
  /** The arcades a staff member runs (empty for others). */
  arcades: z.array(z.string()),
  /** The device the player is on now. */
  device: z.object({ arcadeId: z.string(), deviceId: z.string() }).nullable(),
  recentGames: z.array(gameSchema),
  statistics: statisticsSummarySchema,
});
export type AdminPlayer = z.infer<typeof adminPlayerSchema>;

/** PUT /api/admin/players/{id}/name: the rules of a player's own name (registration). */
export const adminRenameSchema = z.object({ userName: usernameSchema });
export type AdminRename = z.infer<typeof adminRenameSchema>;

/** POST /api/admin/players/{id}/suspend. */
export const adminSuspendSchema = z.object({
  reason: z
    .string({ message: 'reason is required' })
    .trim()
    .min(1, { message: 'reason is required' })
    .max(SUSPENSION_REASON_MAX, {
      message: `reason must be at most ${SUSPENSION_REASON_MAX} characters`,
    }),
});
export type AdminSuspend = z.infer<typeof adminSuspendSchema>;

/** GET /api/admin/arcades/{arcadeId}/visits: the visits of one day (Europe/Berlin). */
export const adminVisitsQuerySchema = z.object({
  day: z.iso.date({ message: 'day must be a date (YYYY-MM-DD)' }).optional(),
  before: z.uuid({ message: 'before must be a visit id' }).toLowerCase().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminVisitsQuery = z.infer<typeof adminVisitsQuerySchema>;

/** POST /api/admin/arcades/{arcadeId}/visits: a player visited the arcade (now). */
export const adminVisitCreateSchema = z.object({
  userId: z.uuid({ message: 'userId must be a user id' }).toLowerCase(),
});
export type AdminVisitCreate = z.infer<typeof adminVisitCreateSchema>;

export const adminVisitSchema = z.object({
  id: z.uuid().toLowerCase(),
  arcadeId: z.string(),
  userId: z.uuid().toLowerCase(),
  userName: z.string(),
  visitedAt: z.string(),
  /** Who recorded it: staff (the console) or the player who scanned a card; null when deleted. */
  recordedBy: z.object({ id: z.uuid().toLowerCase(), userName: z.string() }).nullable(),
  /** The player met, for a visit recorded by scanning another player's card. */
  met: z.object({ id: z.uuid().toLowerCase(), userName: z.string() }).nullable(),
});
export type AdminVisit = z.infer<typeof adminVisitSchema>;

export const adminVisitsPageSchema = z.object({
  day: z.string(),
  timeZone: z.literal(ADMIN_GAMES_TIME_ZONE),
  visits: z.array(adminVisitSchema),
  /** Pass as `before` for the next (older) page of the same day; null on the last page. */
  next: z.uuid().toLowerCase().nullable(),
});
export type AdminVisitsPage = z.infer<typeof adminVisitsPageSchema>;
