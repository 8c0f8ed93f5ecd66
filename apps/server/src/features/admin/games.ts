import { eq, sql } from 'drizzle-orm';
import {
  ADMIN_GAMES_LIST_PLAYERS,
  ADMIN_GAMES_TIME_ZONE,
  type AdminGame,
  type AdminGameListItem,
  type AdminGamesPage,
  type AdminGamesQuery,
} from '@arcadia/contracts';
import type { Db, Queryable } from '../../db/client';
import { signalGamePlayers } from '../../events/live-signal';
import { games } from '../../db/schema';
import type { AppEventBus } from '../../events/map';
import { conflict, notFound } from '../../plugins/errors';
import { lockAchievementFacts, recomputeAchievements } from '../achievements';
import { arcadeExists } from '../arcades';
import { giveGuestSlot, type GiveSlotRefusal } from '../games';
import { gameRatingScope, lockGameRatings, recomputeRatings } from '../ratings';
import type { Operator } from './access';
import { recordAudit } from './audit';
import { picksPlayer } from './players-repository';

/**
 * The games an arcade has stored, as the operator console reads and corrects them. A voided game
 * stays here (marked) and leaves everything else: statistics, ranks, history, the overview
 * (db/functions/void-game.sql). Who may call which is the routes' `access` (routes-games.ts).
 */

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A game's summary as one JSON object (the AdminGameSummary shape), `g` a games row. */
const SUMMARY = sql`json_build_object(
  'id', g.id, 'arcadeId', g.arcade_id,
  'device', json_build_object('id', g.device_id, 'name', d.name),
  'applicationId', g.application_id, 'type', g.type,
  'map', json_build_object('id', m.id, 'name', m.name, 'iconPath', m.icon_path),
  'playedAt', ${iso('g.played_at')}, 'durationSeconds', g.duration_seconds,
  'playerCount', (select count(*)::int from game_players p where p.game_id = g.id),
  'voidedAt', ${iso('g.voided_at')})`;

/**
 * The first players of game `g` as the day's list names them (AdminGameListPlayer), best score
 * first: a player who deleted their profile is anonymised there already, and here not even that
 * name is sent.
 */
const LIST_PLAYERS = sql`coalesce((select jsonb_agg(x.player order by x.score desc, x.id) from (
    select p.id, p.score, case
      when p.user_id is not null
        then jsonb_build_object('kind', 'player', 'userId', p.user_id, 'name', p.name)
      when p.anonymised then jsonb_build_object('kind', 'deleted', 'userId', null, 'name', null)
      else jsonb_build_object('kind', 'guest', 'userId', null, 'name', p.name) end as player
    from game_players p where p.game_id = g.id
    order by p.score desc, p.id limit ${ADMIN_GAMES_LIST_PLAYERS}) x), '[]'::jsonb)`;

const FROM = sql`games g join maps m on m.id = g.map_id
  left join devices d on d.arcade_id = g.arcade_id and d.id = g.device_id`;

/** Today in the time zone the console's days are counted in. */
export function today(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: ADMIN_GAMES_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * The games of one arcade and day (Europe/Berlin), newest first, a page at a time, each with its
 * first players by name.
 */
export async function gamesOfDay(
  db: Queryable,
  arcadeId: string,
  query: AdminGamesQuery,
): Promise<AdminGamesPage> {
  if (!(await arcadeExists(db, arcadeId))) throw notFound(`No arcade "${arcadeId}"`);
  const day = query.day ?? today();
  const tz = ADMIN_GAMES_TIME_ZONE;
  const before = query.before
    ? sql`and (g.played_at, g.id) < (select b.played_at, b.id from games b
        where b.id = ${query.before} and b.arcade_id = ${arcadeId})`
    : sql``;
  const { rows } = await db.execute<{ game: AdminGameListItem }>(sql`
    select (${SUMMARY}::jsonb || jsonb_build_object('players', ${LIST_PLAYERS})) as game
    from ${FROM}
    where g.arcade_id = ${arcadeId}
      and g.played_at >= (${day}::date::timestamp at time zone ${tz})
      and g.played_at < ((${day}::date + 1)::timestamp at time zone ${tz})
      ${before}
    order by g.played_at desc, g.id desc
    limit ${query.limit + 1}`);
  const list = rows.slice(0, query.limit).map((r) => r.game);
  return {
    day,
    timeZone: ADMIN_GAMES_TIME_ZONE,
    games: list,
    next: rows.length > query.limit ? (list[list.length - 1]?.id ?? null) : null,
  };
}

/** One game of the arcade with its teams and every slot; 404 when the arcade has no such game. */
export async function gameDetails(
  db: Queryable,
  arcadeId: string,
  gameId: string,
): Promise<AdminGame> {
  const { rows } = await db.execute<{ game: AdminGame }>(sql`
    select (${SUMMARY}::jsonb || jsonb_build_object(
      'voidReason', g.void_reason,
      'teams', coalesce((select jsonb_agg(jsonb_build_object('id', t.team_id, 'name', t.name,
          'score', t.score) order by t.team_id) from game_teams t where t.game_id = g.id), '[]'),
      'players', coalesce((select jsonb_agg(jsonb_build_object('slotId', p.id,
          'userId', p.user_id, 'name', p.name, 'teamId', p.team_id, 'kills', p.kills,
          'deaths', p.deaths, 'score', p.score, 'won', p.won,
          'guest', p.user_id is null and not p.anonymised) order by p.score desc, p.id)
        from game_players p where p.game_id = g.id), '[]'))) as game
    from ${FROM}
    where g.id = ${gameId} and g.arcade_id = ${arcadeId}`);
  const game = rows[0]?.game;
  if (!game) throw notFound('No such game in this arcade');
  return game;
}

/**
 * Voids a game: it is marked and, in the same transaction, taken out of the players' statistics
 * and the rank buckets (arcadia_void_game) and their skill ratings (replayed from it on,
 * features/ratings), with its audit entry. 409 when voided already.
 */
export async function voidGame(
  db: Db,
  events: AppEventBus,
  operator: Operator,
  arcadeId: string,
  gameId: string,
  reason: string,
): Promise<AdminGame> {
  return db.transaction(async (tx) => {
    const before = await gameDetails(tx, arcadeId, gameId);
    if (before.voidedAt) throw conflict('The game is voided already');
    // The game row, then its players' ratings, before the statistics (arcadia_void_game): an
    // assignment takes the game row first too, an ingest the ratings before the statistics.
    await tx.select({ id: games.id }).from(games).where(eq(games.id, gameId)).for('update');
    await lockGameRatings(tx, gameId);
    // Then their achievement facts (ingest's order: ratings, facts, statistics).
    const players = (await gameRatingScope(tx, gameId))?.userIds ?? [];
    await lockAchievementFacts(tx, players);
    const { rows } = await tx.execute<{ voided: boolean }>(
      sql`select arcadia_void_game(${gameId}, ${reason}) as voided`,
    );
    // Voided by someone else between the read and the lock.
    if (!rows[0]?.voided) throw conflict('The game is voided already');
    // Its players' ratings as if it had never been played: replayed from it on.
    await recomputeRatings(tx, gameId, players);
    // Their achievement facts without it; achievements once unlocked stay (docs/achievements.md).
    await recomputeAchievements(tx, players, { award: false, notify: false });
    // Its result messages go from the outbox and the bells (features/events.ts).
    await events.emit('game.voided', tx, { gameId, userIds: players });
    await signalGamePlayers(tx, gameId);
    const after = await gameDetails(tx, arcadeId, gameId);
    await recordAudit(tx, operator, {
      action: 'game.void',
      targetType: 'game',
      targetId: gameId,
      arcadeId,
      before: { voidedAt: null, voidReason: null },
      after: { voidedAt: after.voidedAt, voidReason: after.voidReason },
    });
    return after;
  });
}

/**
 * Gives a guest's slot to a registered player who is not in the game yet: the slot becomes
 * theirs and counts in their statistics and ranks (arcadia_assign_game_slot) and in their skill
 * rating (replayed from this game on, features/ratings), with its audit
 * entry. Refused (409) for a voided game, a slot that is no guest's, a player already in it.
 */
export async function assignSlot(
  db: Db,
  events: AppEventBus,
  operator: Operator,
  arcadeId: string,
  gameId: string,
  slotId: number,
  userId: string,
): Promise<AdminGame> {
  return db.transaction(async (tx) => {
    // Staff give a result only to a player their picker finds (visits.ts says why); to them any
    // other is no such player.
    if (!(await picksPlayer(tx, operator.arcades, operator.userId, userId)))
      throw ASSIGN_REFUSALS.no_player();
    const result = await giveGuestSlot(tx, events, {
      arcadeId,
      gameId,
      slotId,
      userId,
      via: 'operator',
    });
    if (!result.given) throw ASSIGN_REFUSALS[result.refusal]();
    await recordAudit(tx, operator, {
      action: 'game.assign',
      targetType: 'game',
      targetId: gameId,
      arcadeId,
      before: { slotId, userId: null, name: result.slotName },
      // The player's id only: their name would outlive a deletion of their profile here.
      after: { slotId, userId },
    });
    return gameDetails(tx, arcadeId, gameId);
  });
}

const ASSIGN_REFUSALS: Record<GiveSlotRefusal, () => Error> = {
  no_game: () => notFound('No such game in this arcade'),
  voided: () => conflict('The game is voided: its results cannot be given'),
  no_slot: () => notFound('No such slot in this game'),
  not_guest: () => conflict("The slot is not a guest's: only a guest's result can be given"),
  no_player: () => notFound('No such player'),
  in_game: () => conflict('The player is in this game already'),
};
