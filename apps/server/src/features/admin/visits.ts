import { sql } from 'drizzle-orm';
import {
  ADMIN_GAMES_TIME_ZONE,
  type AdminVisit,
  type AdminVisitCreate,
  type AdminVisitsPage,
  type AdminVisitsQuery,
} from '@arcadia/contracts';
import type { Db, Queryable } from '../../db/client';
import { visits } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { arcadeExists } from '../arcades';
import { userById } from '../users';
import type { Operator } from './access';
import { recordAudit } from './audit';
import { picksPlayer } from './players-repository';
import { today } from './games';

/**
 * The visits of an arcade as its staff record and read them: a registered player (or a user-card
 * profile) came in, recorded by the staff member (visits.met_user_id null). The visits players
 * record by scanning each other's cards at the arcade are listed with them.
 */

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const VISIT = sql`json_build_object('id', v.id, 'arcadeId', v.arcade_id, 'userId', u.id,
  'userName', u.user_name, 'visitedAt', ${iso('v.visited_at')},
  'recordedBy', case when r.id is null then null
    else json_build_object('id', r.id, 'userName', r.user_name) end,
  'met', case when m.id is null then null
    else json_build_object('id', m.id, 'userName', m.user_name) end)`;

const FROM = sql`visits v join users u on u.id = v.user_id
  left join users r on r.id = v.recorded_by
  left join users m on m.id = v.met_user_id`;

async function visitById(db: Queryable, id: string): Promise<AdminVisit> {
  const { rows } = await db.execute<{ visit: AdminVisit }>(
    sql`select ${VISIT} as visit from ${FROM} where v.id = ${id}`,
  );
  return rows[0]!.visit;
}

/** The visits of one arcade and day (Europe/Berlin, default today), newest first, paged. */
export async function visitsOfDay(
  db: Queryable,
  arcadeId: string,
  query: AdminVisitsQuery,
): Promise<AdminVisitsPage> {
  if (!(await arcadeExists(db, arcadeId))) throw notFound(`No arcade "${arcadeId}"`);
  const day = query.day ?? today();
  const tz = ADMIN_GAMES_TIME_ZONE;
  const before = query.before
    ? sql`and (v.visited_at, v.id) < (select b.visited_at, b.id from visits b
        where b.id = ${query.before} and b.arcade_id = ${arcadeId})`
    : sql``;
  const { rows } = await db.execute<{ visit: AdminVisit }>(sql`
    select ${VISIT} as visit from ${FROM}
    where v.arcade_id = ${arcadeId}
      and v.visited_at >= (${day}::date::timestamp at time zone ${tz})
      and v.visited_at < ((${day}::date + 1)::timestamp at time zone ${tz})
      ${before}
    order by v.visited_at desc, v.id desc
    limit ${query.limit + 1}`);
  const list = rows.slice(0, query.limit).map((r) => r.visit);
  return {
    day,
    timeZone: ADMIN_GAMES_TIME_ZONE,
    visits: list,
    next: rows.length > query.limit ? (list[list.length - 1]?.id ?? null) : null,
  };
}

/** Records that a player visited the arcade now; audited `visit.create`. */
export async function recordArcadeVisit(
  db: Db,
  operator: Operator,
  arcadeId: string,
  input: AdminVisitCreate,
): Promise<AdminVisit> {
  return db.transaction(async (tx) => {
    if (!(await arcadeExists(tx, arcadeId))) throw notFound(`No arcade "${arcadeId}"`);
    const unknown = () =>
      badRequest('Unknown player', [{ path: 'userId', message: 'is not a known player' }]);
    const player = await userById(tx, input.userId).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 404) throw unknown();
      throw error;
    });
    // Staff record only players their picker finds: a private player who never came here is
    // "not known" to them, as to the picker (docs/operator-console.md).
    if (!(await picksPlayer(tx, operator.arcades, operator.userId, player.id))) throw unknown();
    const [row] = await tx
      .insert(visits)
      .values({ userId: player.id, arcadeId, recordedBy: operator.userId })
      .returning();
    await recordAudit(tx, operator, {
      action: 'visit.create',
      targetType: 'visit',
      targetId: row!.id,
      arcadeId,
      after: { userId: player.id, visitedAt: row!.visitedAt.toISOString() },
    });
    return visitById(tx, row!.id);
  });
}
