import { sql } from 'drizzle-orm';
import { GAME_TYPES, LEADERBOARD_KD_MIN_GAMES } from '@arcadia/contracts';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const arcades = pgTable('arcades', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  city: text('city').notNull().default(''),
  address: text('address').notNull().default(''),
  /** Weekly opening hours: [{ day: 'mon'…'sun', opens: 'HH:MM', closes: 'HH:MM' }]. */
  openingHours: jsonb('opening_hours').notNull().default([]),
  /** The arcade's logo: a site path (an uploaded image) or an https URL; null without one. */
  logoPath: text('logo_path'),
  /** Set when the arcade closed for good: it leaves the public list, its history stays. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const devices = pgTable(
  'devices',
  {
    arcadeId: text('arcade_id')
      .notNull()
      .references(() => arcades.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('laser-tag'),
    applicationId: text('application_id').notNull().default('commando'),
    capacity: integer('capacity').notNull().default(8),
    keyHash: text('key_hash').notNull(),
    /** Set while an operator has disabled the device: its key is refused until enabled. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    matchStartedAt: timestamp('match_started_at', { withTimezone: true }),
    // Grows with every join, leave and release: devices long-poll on it.
    rosterVersion: integer('roster_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.arcadeId, t.id] })],
);

/** Who is on which device now. The primary key makes "at most one device" a database rule. */
export const devicePlayers = pgTable(
  'device_players',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    arcadeId: text('arcade_id').notNull(),
    deviceId: text('device_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.arcadeId, t.deviceId],
      foreignColumns: [devices.arcadeId, devices.id],
    }).onDelete('cascade'),
    index('device_players_device_idx').on(t.arcadeId, t.deviceId),
  ],
);

/**
 * The games Arcadia knows (the catalogue, features/games/catalogue*.ts): a device runs one of
 * them, and /games/{id} explains it. Migration 0022 installs the built-in `commando`.
 */
export const applications = pgTable('applications', {
  id: text('id').primaryKey(),
  /** A product name, the same in every language (Commando). */
  name: text('name').notNull(),
  descriptionDe: text('description_de').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  /** A site path (an uploaded image); null without one. */
  iconPath: text('icon_path'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The modes an application offers. A mode's id is the `type` a report names and one of the rule
 * sets the server scores (GAME_TYPES: who wins, whether there are teams); the catalogue chooses
 * which of them an application offers, in what order, and how they are called and explained.
 */
export const gameModes = pgTable(
  'game_modes',
  {
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    id: text('id', { enum: GAME_TYPES }).notNull(),
    nameDe: text('name_de').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionDe: text('description_de').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    iconPath: text('icon_path'),
    /** The order of the overview (ascending). */
    position: integer('position').notNull().default(0),
    /** Set while the mode is retired: new reports in it are refused, stored games stay. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.id] })],
);

export const maps = pgTable('maps', {
  id: text('id').primaryKey(),
  applicationId: text('application_id')
    .notNull()
    .default('commando')
    .references(() => applications.id),
  name: text('name').notNull(),
  iconPath: text('icon_path').notNull(),
  /** Set while the map is retired: new reports on it are refused, stored games keep it. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export const games = pgTable(
  'games',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    arcadeId: text('arcade_id').notNull(),
    deviceId: text('device_id').notNull(),
    applicationId: text('application_id').notNull().default('commando'),
    type: text('type', { enum: ['freeforall', 'elimination', 'deathmatch'] }).notNull(),
    mapId: text('map_id')
      .notNull()
      .references(() => maps.id),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The game's players (by score) and teams as the match history shows them, written once by
    // arcadia_ingest_game and rebuilt when a player is anonymised: a history page then reads
    // 20 rows instead of building 20 games from 200. Null (games stored otherwise) means
    // "build it from game_players / game_teams" (migration 0010).
    playersJson: json('players_json'),
    teamsJson: json('teams_json'),
    // Set when an operator voids the game (features/admin/games.ts): it then counts nowhere —
    // statistics, ranks, history, overview — and stays only for the console and the audit.
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
  },
  (t) => [
    unique('games_device_idempotency_key').on(t.arcadeId, t.deviceId, t.idempotencyKey),
    index('games_played_at_idx').on(t.playedAt),
  ],
);

export const gameTeams = pgTable(
  'game_teams',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').notNull(),
    name: text('name').notNull(),
    score: integer('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.teamId] })],
);

export const gamePlayers = pgTable(
  'game_players',
  {
    id: serial('id').primaryKey(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    // Null for guests and for players who deleted their profile (then name is anonymised).
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    teamId: integer('team_id'),
    kills: integer('kills').notNull(),
    deaths: integer('deaths').notNull(),
    score: integer('score').notNull(),
    won: boolean('won').notNull(),
    // True once the slot's player deleted their profile (userId null, name anonymised): such a
    // slot is no guest's and is never given to another player.
    anonymised: boolean('anonymised').notNull().default(false),
    // The game's playedAt, copied so that a player's history is read newest first straight
    // from the index below.
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
    // The registered player's skill rating (player_ratings) before and after this game: the
    // model's μ and σ (replayed when an earlier game is voided, features/ratings) and the
    // displayed values the game card shows. Null for guests and games stored before ratings.
    muBefore: doublePrecision('mu_before'),
    sigmaBefore: doublePrecision('sigma_before'),
    muAfter: doublePrecision('mu_after'),
    sigmaAfter: doublePrecision('sigma_after'),
    ratingBefore: integer('rating_before'),
    ratingAfter: integer('rating_after'),
  },
  (t) => [
    index('game_players_user_played_idx').on(t.userId, t.playedAt, t.gameId),
    index('game_players_game_idx').on(t.gameId),
  ],
);

/**
 * The claim code of a guest's slot (features/claims): after a match the device shows one QR per
 * guest (POST /api/device/v1/games/{id}/claims); a registered player who opens it within 24 h
 * gets the result (arcadia_assign_game_slot). Only the SHA-256 of the random token is kept; a
 * new code for the slot replaces the old one (one live code per slot). Once only: used_at.
 */
export const gameClaims = pgTable(
  'game_claims',
  {
    slotId: integer('slot_id')
      .primaryKey()
      .references(() => gamePlayers.id, { onDelete: 'cascade' }),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('game_claims_token_hash_key'),
    /** Fixed at the first code: the game's storing + 24 h; a new code does not extend it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('game_claims_game_idx').on(t.gameId)],
);

const statColumns = {
  gamesPlayed: integer('games_played').notNull().default(0),
  gamesWon: integer('games_won').notNull().default(0),
  gamesLost: integer('games_lost').notNull().default(0),
  kills: bigint('kills', { mode: 'number' }).notNull().default(0),
  deaths: bigint('deaths', { mode: 'number' }).notNull().default(0),
  scoreTotal: bigint('score_total', { mode: 'number' }).notNull().default(0),
  bestScore: integer('best_score').notNull().default(0),
};

/** All-time totals per player and application, updated in the ingest transaction. */
export const playerStats = pgTable(
  'player_stats',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: text('application_id').notNull(),
    ...statColumns,
    /** users.leaderboard_visible, copied (db/functions/boards-listed.sql): counted on boards. */
    listed: boolean('listed').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.applicationId] }),
    // Leaderboard pages walk these backwards (value desc, user id desc). Only the listed rows
    // (every board query asks `listed`): counting the players above a rank inside its bucket is
    // then an index-only scan, where a filter on `listed` read a table row per entry (most of
    // the score board's time at 1M players).
    index('player_stats_score_rank_idx')
      .on(t.applicationId, t.scoreTotal, t.userId)
      .where(sql`listed`),
    index('player_stats_wins_rank_idx')
      .on(t.applicationId, t.gamesWon, t.userId)
      .where(sql`listed`),
    // K/D ranks players with at least LEADERBOARD_KD_MIN_GAMES games (a literal in the
    // predicate: the leaderboard queries repeat it so the planner can use the index).
    index('player_stats_kd_rank_idx')
      .on(t.applicationId, sql`(kills::float8 / greatest(deaths, 1))`, t.userId)
      .where(sql.raw(`games_played >= ${LEADERBOARD_KD_MIN_GAMES} and listed`)),
  ],
);

/**
 * How many players of the all-time board (player_stats) sit in each value bucket, per metric:
 * kept by statement triggers on player_stats (db/functions/player-stats-rank-*.sql), so a
 * player's rank among a million is a sum over a few hundred buckets plus a count inside one
 * bucket. Several shards
 * per bucket keep concurrent ingests from queueing on one row; a shard's count may go negative,
 * only the sum means something.
 */
export const playerRankBuckets = pgTable(
  'player_rank_buckets',
  {
    applicationId: text('application_id').notNull(),
    // 'score', 'wins', 'kd', or 'rating:' + a mode (db/functions/player-ratings-rank.sql).
    metric: text('metric').notNull(),
    bucket: integer('bucket').notNull(),
    shard: smallint('shard').notNull(),
    players: integer('players').notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.metric, t.bucket, t.shard] })],
);

/**
 * The same counts per group of LEADERBOARD_RANK_BUCKETS_PER_GROUP (64) buckets, kept by the same
 * triggers (db/functions/apply-rank-deltas.sql): a rank sums a few dozen groups and at most 64
 * buckets, not thousands.
 */
export const playerRankBucketGroups = pgTable(
  'player_rank_bucket_groups',
  {
    applicationId: text('application_id').notNull(),
    // 'score', 'wins', 'kd', or 'rating:' + a mode (db/functions/player-ratings-rank.sql).
    metric: text('metric').notNull(),
    bucketGroup: integer('bucket_group').notNull(),
    shard: smallint('shard').notNull(),
    players: integer('players').notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.metric, t.bucketGroup, t.shard] })],
);

/**
 * Per-period aggregates kept at ingest for leaderboards: week (starting Monday, UTC) and month
 * (starting the 1st, UTC), each for all arcades ('') and per arcade, and all time per arcade
 * (period_start 1970-01-01). All time for all arcades is player_stats itself.
 */
export const playerStatsPeriods = pgTable(
  'player_stats_periods',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: text('application_id').notNull(),
    periodKind: text('period_kind', { enum: ['week', 'month', 'all'] }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    // '' for all arcades together, else the arcade id.
    arcadeId: text('arcade_id').notNull().default(''),
    ...statColumns,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.applicationId, t.periodKind, t.periodStart, t.arcadeId] }),
    index('player_stats_periods_score_idx').on(
      t.applicationId,
      t.periodKind,
      t.periodStart,
      t.arcadeId,
      t.scoreTotal,
    ),
    index('player_stats_periods_wins_idx').on(
      t.applicationId,
      t.periodKind,
      t.periodStart,
      t.arcadeId,
      t.gamesWon,
    ),
  ],
);

/**
 * A visit: a player met another at a venue by scanning their card (met_user_id set, recorded by
 * the scanning player), or staff recorded that a player visited their arcade (met_user_id null,
 * arcade_id set, recorded_by the staff member; operator console).
 */
export const visits = pgTable(
  'visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    metUserId: uuid('met_user_id').references(() => users.id, { onDelete: 'cascade' }),
    arcadeId: text('arcade_id').references(() => arcades.id, { onDelete: 'set null' }),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('visits_user_idx').on(t.userId, t.visitedAt),
    index('visits_arcade_idx').on(t.arcadeId, t.visitedAt),
  ],
);

/**
 * Skill rating per player, application and mode (docs/rating.md): the Weng-Lin model's μ and σ,
 * the displayed (conservative) rating derived from them, and the rated games. Written in the
 * ingest transaction (features/ratings), replayed when a game is voided or a guest's slot given.
 */
export const playerRatings = pgTable(
  'player_ratings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: text('application_id').notNull(),
    mode: text('mode', { enum: GAME_TYPES }).notNull(),
    mu: doublePrecision('mu').notNull(),
    sigma: doublePrecision('sigma').notNull(),
    rating: integer('rating').notNull(),
    games: integer('games').notNull().default(0),
    /** users.leaderboard_visible, copied (db/functions/boards-listed.sql): counted on boards. */
    listed: boolean('listed').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.applicationId, t.mode] }),
    // The rating board walks this backwards (rating desc, user id desc) and counts ranks on it.
    index('player_ratings_rank_idx').on(t.applicationId, t.mode, t.rating, t.userId),
  ],
);
