import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { applications, gameModes, maps } from '../../db/schema';

/**
 * The export's queries: each section is one statement whose JSON PostgreSQL builds (a player with
 * 5,000 games is one index walk and one aggregate, not 5,000 rows through the driver). They read
 * other features' tables on purpose — the export is the one place that sees everything about a
 * player; `coverage.ts` lists the tables and `coverage.test.ts` keeps that list complete.
 * Timestamps come out in UTC (the transaction sets the time zone), ISO 8601.
 */

async function json<T>(db: Queryable, query: SQL): Promise<T> {
  const result = await db.execute<{ doc: unknown }>(sql`select (${query})::text as doc`);
  return JSON.parse(String(result.rows[0]!.doc)) as T;
}

const list = (item: SQL, order: SQL, from: SQL) =>
  sql`select coalesce(json_agg(${item} order by ${order}), '[]'::json) from ${from}`;

export interface ProfileRow {
  id: string;
  userName: string;
  mail: string | null;
  mailVerifiedAt: string | null;
  birthday: string | null;
  instagram: string | null;
  language: string;
  role: string;
  earlyAdopter: boolean;
  createdAt: string;
  suspendedAt: string | null;
  suspendedReason: string | null;
  cardSecretSet: boolean;
  agbAcceptedAt: string | null;
  agbVersion: number | null;
  marketingConsent: boolean;
  profileVisibility: string;
  leaderboardVisible: boolean;
}

export const profileOf = (db: Queryable, sub: string) =>
  json<ProfileRow | null>(
    db,
    sql`select json_build_object(
          'id', u.id, 'userName', u.user_name, 'mail', u.mail,
          'mailVerifiedAt', u.mail_verified_at, 'birthday', u.birthday,
          'instagram', u.instagram, 'language', u.language, 'role', u.role,
          'earlyAdopter', u.early_adopter, 'createdAt', u.created_at,
          'suspendedAt', u.suspended_at, 'suspendedReason', u.suspended_reason,
          'cardSecretSet', u.card_secret_hash is not null,
          'agbAcceptedAt', u.agb_accepted_at, 'agbVersion', u.agb_version,
          'marketingConsent', u.marketing_consent,
          'profileVisibility', u.profile_visibility, 'leaderboardVisible', u.leaderboard_visible)
        from users u where u.identity_sub = ${sub}`,
  );

/** The marketing-mail consent events (double opt-in) and the links of its mail, oldest first. */
export const marketingOf = (db: Queryable, userId: string) =>
  json<{ events: unknown[]; links: unknown[] }>(
    db,
    sql`select json_build_object(
      'events', (${list(
        sql`json_build_object('action', c.action, 'textVersion', c.text_version,
              'source', c.source, 'at', c.at, 'parentMail', c.parent_mail, 'ip', c.ip)`,
        sql`c.at, c.id`,
        sql`marketing_consents c where c.user_id = ${userId}::uuid`,
      )}),
      'links', (${list(
        sql`json_build_object('kind', m.kind, 'sentAt', m.created_at, 'expiresAt', m.expires_at,
              'usedAt', m.used_at, 'parentMail', m.parent_mail)`,
        sql`m.created_at, m.kind`,
        sql`marketing_tokens m where m.user_id = ${userId}::uuid`,
      )}))`,
  );

/** Whom the player added, and who added them (those not added back are open requests). */
export const friendsOf = (db: Queryable, userId: string) =>
  json<{ added: unknown[]; addedYou: unknown[] }>(
    db,
    sql`select json_build_object(
      'added', (${list(
        sql`json_build_object('userId', f.friend_id, 'userName', u.user_name, 'since', f.created_at,
              'mutual', exists (select 1 from friendships b
                                where b.user_id = f.friend_id and b.friend_id = f.user_id))`,
        sql`f.created_at, f.friend_id`,
        sql`friendships f join users u on u.id = f.friend_id where f.user_id = ${userId}::uuid`,
      )}),
      'addedYou', (${list(
        sql`json_build_object('userId', f.user_id, 'userName', u.user_name, 'since', f.created_at,
              'mutual', exists (select 1 from friendships b
                                where b.user_id = f.friend_id and b.friend_id = f.user_id))`,
        sql`f.created_at, f.user_id`,
        sql`friendships f join users u on u.id = f.user_id where f.friend_id = ${userId}::uuid`,
      )}))`,
  );

export interface GameRow {
  gameId: string;
  playedAt: string;
  arcadeId: string;
  deviceId: string;
  application: string;
  mode: string;
  map: string;
  durationSeconds: number;
  voided: boolean;
  nameInGame: string;
  team: number | null;
  teamName: string | null;
  teamScore: number | null;
  kills: number;
  deaths: number;
  score: number;
  won: boolean;
  /** The displayed skill rating before and after (docs/rating.md); null: not rated. */
  ratingBefore: number | null;
  ratingAfter: number | null;
  skillBefore: { mu: number | null; sigma: number | null };
  skillAfter: { mu: number | null; sigma: number | null };
}

/** Every game the player took part in, with their own result in it, oldest first. */
export const gamesOf = (db: Queryable, userId: string) =>
  json<GameRow[]>(
    db,
    list(
      sql`json_build_object('gameId', g.id, 'playedAt', gp.played_at, 'arcadeId', g.arcade_id,
            'deviceId', g.device_id, 'application', g.application_id, 'mode', g.type,
            'map', g.map_id, 'durationSeconds', g.duration_seconds,
            'voided', g.voided_at is not null, 'nameInGame', gp.name, 'team', gp.team_id,
            'teamName', gt.name, 'teamScore', gt.score, 'kills', gp.kills, 'deaths', gp.deaths,
            'score', gp.score, 'won', gp.won, 'ratingBefore', gp.rating_before,
            'ratingAfter', gp.rating_after, 'skillBefore', json_build_object('mu', gp.mu_before,
            'sigma', gp.sigma_before), 'skillAfter', json_build_object('mu', gp.mu_after,
            'sigma', gp.sigma_after))`,
      sql`gp.played_at, g.id`,
      sql`game_players gp join games g on g.id = gp.game_id
          left join game_teams gt on gt.game_id = gp.game_id and gt.team_id = gp.team_id
          where gp.user_id = ${userId}::uuid`,
    ),
  );

const STAT_FIELDS = sql`'gamesPlayed', s.games_played, 'gamesWon', s.games_won,
  'gamesLost', s.games_lost, 'kills', s.kills, 'deaths', s.deaths,
  'scoreTotal', s.score_total, 'bestScore', s.best_score`;

export const statisticsOf = (db: Queryable, userId: string) =>
  json<{
    totals: unknown[];
    periods: unknown[];
    ratings: unknown[];
    achievements: unknown[];
    achievementFacts: unknown;
  }>(
    db,
    sql`select json_build_object(
      'totals', (${list(
        sql`json_build_object('application', s.application_id, ${STAT_FIELDS}, 'updatedAt', s.updated_at)`,
        sql`s.application_id`,
        sql`player_stats s where s.user_id = ${userId}::uuid`,
      )}),
      'periods', (${list(
        sql`json_build_object('application', s.application_id, 'period', s.period_kind,
              'start', s.period_start, 'arcadeId', nullif(s.arcade_id, ''), ${STAT_FIELDS})`,
        sql`s.application_id, s.period_kind, s.period_start, s.arcade_id`,
        sql`player_stats_periods s where s.user_id = ${userId}::uuid`,
      )}),
      'ratings', (${list(
        sql`json_build_object('application', r.application_id, 'mode', r.mode, 'rating', r.rating,
              'mu', r.mu, 'sigma', r.sigma, 'ratedGames', r.games, 'updatedAt', r.updated_at)`,
        sql`r.application_id, r.mode`,
        sql`player_ratings r where r.user_id = ${userId}::uuid`,
      )}),
      'achievements', (${list(
        sql`json_build_object('achievement', a.achievement_id, 'unlockedAt', a.unlocked_at,
              'gameId', a.game_id)`,
        sql`a.unlocked_at, a.achievement_id`,
        sql`player_achievements a where a.user_id = ${userId}::uuid`,
      )}),
      'achievementFacts', (select json_build_object('facts', f.facts, 'updatedAt', f.updated_at)
        from player_achievement_facts f where f.user_id = ${userId}::uuid))`,
  );

/** Visits the player made, was met in, or recorded (staff). */
export const visitsOf = (db: Queryable, userId: string) =>
  json<unknown[]>(
    db,
    list(
      sql`json_build_object('visitedAt', v.visited_at,
            'kind', case when v.met_user_id is null then 'arcade' else 'met' end,
            'visitorId', v.user_id, 'visitorName', vu.user_name,
            'metUserId', v.met_user_id, 'metUserName', mu.user_name,
            'arcadeId', v.arcade_id, 'arcadeName', a.name,
            'recordedByYou', coalesce(v.recorded_by = ${userId}::uuid, false))`,
      sql`v.visited_at, v.id`,
      sql`visits v join users vu on vu.id = v.user_id
          left join users mu on mu.id = v.met_user_id
          left join arcades a on a.id = v.arcade_id
          where v.user_id = ${userId}::uuid or v.met_user_id = ${userId}::uuid
             or v.recorded_by = ${userId}::uuid`,
    ),
  );

export const currentDeviceOf = (db: Queryable, userId: string) =>
  json<unknown>(
    db,
    sql`select json_build_object('arcadeId', d.arcade_id, 'deviceId', d.device_id,
          'joinedAt', d.joined_at)
        from device_players d where d.user_id = ${userId}::uuid`,
  );

export const userCardOf = (db: Queryable, userId: string) =>
  json<Record<string, unknown> | null>(
    db,
    sql`select json_build_object('batchId', c.batch_id, 'position', c.position,
          'arcadeId', b.arcade_id, 'printedAt', b.printed_at, 'claimedAt', c.claimed_at)
        from user_card_batch_cards c join user_card_batches b on b.id = c.batch_id
        where c.user_id = ${userId}::uuid`,
  );

export async function pushSubscriptionsOf(db: Queryable, userId: string) {
  const rows = await json<{ endpoint: string; createdAt: string }[]>(
    db,
    list(
      sql`json_build_object('endpoint', p.endpoint, 'createdAt', p.created_at)`,
      sql`p.created_at, p.id`,
      sql`push_subscriptions p where p.user_id = ${userId}::uuid`,
    ),
  );
  return rows.map((row) => ({
    endpointHost: endpointHost(row.endpoint),
    createdAt: row.createdAt,
  }));
}

function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}

export const pushOutboxOf = (db: Queryable, userId: string) =>
  json<unknown[]>(
    db,
    list(
      sql`json_build_object('kind', o.kind, 'payload', o.payload, 'createdAt', o.created_at,
            'sentAt', o.sent_at, 'attempts', o.attempts)`,
      sql`o.id`,
      sql`push_outbox o where o.user_id = ${userId}::uuid`,
    ),
  );

export const notificationsOf = (db: Queryable, userId: string) =>
  json<{ readUpTo: number | null; items: unknown[] }>(
    db,
    sql`select json_build_object(
      'readUpTo', (select r.read_up_to from notification_reads r where r.user_id = ${userId}::uuid),
      'items', (${list(
        sql`json_build_object('id', n.id, 'kind', n.kind, 'message', n.message, 'createdAt', n.created_at)`,
        sql`n.id`,
        sql`notifications n where n.user_id = ${userId}::uuid`,
      )}))`,
  );

/** What the player did as staff or admin, and the operators' changes to their profile. */
export const operatorOf = (db: Queryable, userId: string) =>
  json<{
    arcades: unknown[];
    cardBatchesCreated: unknown[];
    actions: unknown[];
    changesToYou: unknown[];
  }>(
    db,
    sql`select json_build_object(
      'arcades', (${list(sql`s.arcade_id`, sql`s.arcade_id`, sql`staff_arcades s where s.user_id = ${userId}::uuid`)}),
      'cardBatchesCreated', (${list(
        sql`json_build_object('id', b.id, 'arcadeId', b.arcade_id, 'label', b.label, 'size', b.size,
              'createdAt', b.created_at, 'printedAt', b.printed_at)`,
        sql`b.created_at, b.id`,
        sql`user_card_batches b where b.created_by = ${userId}::uuid`,
      )}),
      'actions', (${list(
        sql`json_build_object('at', l.at, 'action', l.action, 'targetType', l.target_type,
              'targetId', l.target_id, 'arcadeId', l.arcade_id)`,
        sql`l.id`,
        sql`audit_log l where l.actor_user_id = ${userId}::uuid`,
      )}),
      'changesToYou', (${list(
        sql`json_build_object('at', l.at, 'action', l.action, 'arcadeId', l.arcade_id)`,
        sql`l.id`,
        sql`audit_log l where l.target_type = 'user' and l.target_id = ${userId}::text`,
      )}))`,
  );

/** What the readable summary calls the catalogue's ids (the JSON keeps the ids). */
export interface CatalogueNames {
  applications: Map<string, string>;
  /** By `application:mode`. */
  modes: Map<string, { de: string; en: string }>;
  maps: Map<string, string>;
}

/** The catalogue's names: a few rows (applications, modes, maps), retired ones too. */
export async function catalogueNames(db: Queryable): Promise<CatalogueNames> {
  const [apps, modes, mapRows] = await Promise.all([
    db.select({ id: applications.id, name: applications.name }).from(applications),
    db
      .select({
        applicationId: gameModes.applicationId,
        id: gameModes.id,
        de: gameModes.nameDe,
        en: gameModes.nameEn,
      })
      .from(gameModes),
    db.select({ id: maps.id, name: maps.name }).from(maps),
  ]);
  return {
    applications: new Map(apps.map((a) => [a.id, a.name])),
    modes: new Map(modes.map((m) => [`${m.applicationId}:${m.id}`, { de: m.de, en: m.en }])),
    maps: new Map(mapRows.map((m) => [m.id, m.name])),
  };
}
