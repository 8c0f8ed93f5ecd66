import { sql, type SQL } from 'drizzle-orm';
import {
  SEARCH_RESULT_LIMIT,
  type AdminPlayerSummary,
  type AdminPlayersQuery,
  type SearchResult,
} from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { shownToSql } from '../../db/visibility';

/** The queries of the console's player section (players.ts). */

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const SUMMARY = sql`json_build_object('id', u.id, 'userName', u.user_name, 'role', u.role,
  'claimed', u.identity_sub is not null, 'suspendedAt', ${iso('u.suspended_at')},
  'createdAt', ${iso('u.created_at')})`;

/**
 * Which players an operator sees: an admin every one (arcades null); staff those who played a
 * game at, were recorded visiting, or are on a device of one of their arcades.
 */
export function playerScope(arcades: string[] | null, user = sql.raw('u.id')): SQL {
  if (arcades === null) return sql`true`;
  if (arcades.length === 0) return sql`false`;
  const list = sql.join(
    arcades.map((a) => sql`${a}`),
    sql`, `,
  );
  return sql`(exists (select 1 from game_players gp join games g on g.id = gp.game_id
        where gp.user_id = ${user} and g.arcade_id in (${list}))
      or exists (select 1 from visits v where v.user_id = ${user} and v.arcade_id in (${list}))
      or exists (select 1 from device_players dp
        where dp.user_id = ${user} and dp.arcade_id in (${list})))`;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A page of players: with `q`, as the public search matches and orders (anywhere in the name,
 * case-insensitively, served by the trigram index on lower(user_name); names starting with it
 * first, then shorter ones); without, the newest profiles first.
 */
export async function searchPlayers(
  db: Queryable,
  arcades: string[] | null,
  query: AdminPlayersQuery,
): Promise<{ players: AdminPlayerSummary[]; hasMore: boolean }> {
  const pattern = query.q ? escapeLike(query.q.toLowerCase()) : null;
  const match = pattern === null ? sql`true` : sql`lower(u.user_name) like ${`%${pattern}%`}`;
  const order =
    pattern === null
      ? sql`u.created_at desc, u.id`
      : sql`(lower(u.user_name) like ${`${pattern}%`}) desc, length(u.user_name),
          lower(u.user_name), u.id`;
  const { rows } = await db.execute<{ player: AdminPlayerSummary }>(sql`
    select ${SUMMARY} as player from users u
    where ${match} and ${playerScope(arcades)}
    order by ${order}
    limit ${query.limit + 1} offset ${(query.page - 1) * query.limit}`);
  return {
    players: rows.slice(0, query.limit).map((r) => r.player),
    hasMore: rows.length > query.limit,
  };
}

/**
 * The players the picker may find for an operator (`viewer`, their own id) among `users u`:
 * those they see (playerScope) and those the public search shows them.
 */
function pickable(arcades: string[] | null, viewer: string): SQL {
  return sql`(${playerScope(arcades)} or exists (select 1 from (select ${viewer}::uuid as id) v
    where ${sql.raw(shownToSql('u.id', 'u.profile_visibility', 'v.id'))}))`;
}

/**
 * The console's player picker (roles, visits, a guest's result): names matching `term` as the
 * public search matches and orders them, whatever the profile's visibility, among the players the
 * operator sees (playerScope) and those the public search shows the operator (`viewer`, their own
 * id: public profiles, friends' friends-only ones). An admin thus finds everyone; staff find no
 * one they could not find in the Players section or the app's search already.
 */
export async function findPlayers(
  db: Queryable,
  arcades: string[] | null,
  viewer: string,
  term: string,
): Promise<SearchResult> {
  const pattern = escapeLike(term.toLowerCase());
  const { rows } = await db.execute<{ id: string; name: string }>(sql`
    select u.id, u.user_name as name
    from users u
    where lower(u.user_name) like ${`%${pattern}%`} and ${pickable(arcades, viewer)}
    order by (lower(u.user_name) like ${`${pattern}%`}) desc, length(u.user_name),
      lower(u.user_name), u.id
    limit ${SEARCH_RESULT_LIMIT}`);
  return { data: rows };
}

/**
 * Whether the player picker (findPlayers) finds the player for the operator (pickable).
 * Staff record a visit or give a guest's result only to such a player, so that an id alone cannot pull a
 * private or friends-only player into their arcade. False for no such user.
 */
export async function picksPlayer(
  db: Queryable,
  arcades: string[] | null,
  viewer: string,
  userId: string,
): Promise<boolean> {
  const { rows } = await db.execute<{ picked: boolean }>(sql`
    select ${pickable(arcades, viewer)} as picked from users u where u.id = ${userId}`);
  return Boolean(rows[0]?.picked);
}

/** Whether the operator whose arcades these are sees the player (playerScope). */
export async function seesPlayer(
  db: Queryable,
  arcades: string[] | null,
  userId: string,
): Promise<boolean> {
  const { rows } = await db.execute<{ seen: boolean }>(
    sql`select ${playerScope(arcades, sql`${userId}::uuid`)} as seen`,
  );
  return Boolean(rows[0]?.seen);
}
