import { sql } from 'drizzle-orm';
import { GAME_TYPES, type GameType } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { displayRating, INITIAL_RATING, rateSlots, type Rating } from './model';
import { lockRatings } from './rate-game';

const num = (v: unknown) => Number(v);
const asMode = (v: unknown): GameType => {
  const mode = String(v) as GameType;
  if (!GAME_TYPES.includes(mode)) throw new Error(`Unknown mode ${mode}`);
  return mode;
};

/** A stored game's application, mode and registered players. */
export async function gameRatingScope(
  tx: Queryable,
  gameId: string,
): Promise<{ applicationId: string; mode: GameType; userIds: string[] } | null> {
  const res = await tx.execute(sql`
    select g.application_id, g.type,
           coalesce(array_agg(gp.user_id order by gp.user_id)
                    filter (where gp.user_id is not null), '{}') as users
    from games g left join game_players gp on gp.game_id = g.id
    where g.id = ${gameId} group by g.id`);
  const row = res.rows[0];
  if (!row) return null;
  return {
    applicationId: String(row.application_id),
    mode: asMode(row.type),
    userIds: (row.users as string[]).map(String),
  };
}

/**
 * Locks the rating rows of a game's registered players (and of `extra` players), in user id
 * order, before anything else of theirs is written: the order ingest takes them in. Call it
 * first in a void or an assignment, then recomputeRatings after the change.
 */
export async function lockGameRatings(tx: Queryable, gameId: string, extra: string[] = []) {
  const scope = await gameRatingScope(tx, gameId);
  if (!scope) return;
  await lockRatings(tx, scope.applicationId, scope.mode, [...scope.userIds, ...extra]);
}

interface Slot {
  id: number;
  gameId: string;
  userId: string | null;
  teamId: number | null;
  score: number;
  muBefore: number | null;
  sigmaBefore: number | null;
}

/**
 * Replays the ratings of `userIds` in one application and mode from the game `gameId` on (that
 * game included unless voided), in ingest order (the players' game_players ids): each player
 * starts from their rating after their last counted game before it (or the initial rating),
 * and every later game of theirs that is not voided is rated again, the other players of it at
 * the ratings they had in it (their stored before values; guests at the default). Rewrites the
 * replayed players' before/after values in game_players and their player_ratings rows (deleted
 * when no rated game is left). The other players' ratings are not changed. The players' rating
 * rows must be locked already (lockGameRatings).
 */
export async function recomputeRatings(
  tx: Queryable,
  gameId: string,
  userIds: readonly string[],
): Promise<void> {
  const scope = await gameRatingScope(tx, gameId);
  if (!scope || userIds.length === 0) return;
  const users = [...new Set(userIds)].sort();
  const list = users.join(',');
  // Where each player's replay starts: their slot in the game (ingest order).
  const starts = await tx.execute(sql`
    select user_id, id from game_players
    where game_id = ${gameId} and user_id = any(string_to_array(${list}, ',')::uuid[])`);
  const startOf = new Map(starts.rows.map((r) => [String(r.user_id), num(r.id)]));
  // Each player's counted (not voided) games in the mode, in ingest order.
  const own = await tx.execute(sql`
    select gp.id, gp.game_id, gp.user_id, gp.mu_after, gp.sigma_after
    from game_players gp join games g on g.id = gp.game_id
    where gp.user_id = any(string_to_array(${list}, ',')::uuid[]) and g.voided_at is null
      and g.application_id = ${scope.applicationId} and g.type = ${scope.mode}
    order by gp.id`);
  const state = new Map<string, Rating>();
  const games = new Map<string, number>();
  const replay = new Map<string, number>(); // game id -> its first replayed slot id
  for (const r of own.rows) {
    const user = String(r.user_id);
    const start = startOf.get(user);
    if (start === undefined) continue;
    const id = num(r.id);
    if (id < start) {
      if (r.mu_after !== null) {
        state.set(user, { mu: num(r.mu_after), sigma: num(r.sigma_after) });
        games.set(user, (games.get(user) ?? 0) + 1);
      }
    } else {
      const game = String(r.game_id);
      replay.set(game, Math.min(replay.get(game) ?? id, id));
    }
  }
  const order = [...replay.entries()].sort((a, b) => a[1] - b[1]).map(([g]) => g);
  const updates: Array<{ id: number; before: Rating; after: Rating }> = [];
  if (order.length > 0) {
    const gameIds = order.join(',');
    const [slotRows, teamRows] = await Promise.all([
      tx.execute(sql`
        select id, game_id, user_id, team_id, score, mu_before, sigma_before from game_players
        where game_id = any(string_to_array(${gameIds}, ',')::uuid[]) order by id`),
      tx.execute(sql`
        select game_id, team_id, score from game_teams
        where game_id = any(string_to_array(${gameIds}, ',')::uuid[])`),
    ]);
    const slots = new Map<string, Slot[]>();
    for (const r of slotRows.rows) {
      const slot: Slot = {
        id: num(r.id),
        gameId: String(r.game_id),
        userId: r.user_id as string | null,
        teamId: r.team_id === null ? null : num(r.team_id),
        score: num(r.score),
        muBefore: r.mu_before === null ? null : num(r.mu_before),
        sigmaBefore: r.sigma_before === null ? null : num(r.sigma_before),
      };
      slots.set(slot.gameId, [...(slots.get(slot.gameId) ?? []), slot]);
    }
    const teams = new Map<string, Array<{ id: number; score: number }>>();
    for (const r of teamRows.rows) {
      const game = String(r.game_id);
      teams.set(game, [...(teams.get(game) ?? []), { id: num(r.team_id), score: num(r.score) }]);
    }
    const replayed = new Set(users);
    for (const game of order) {
      const gameSlots = slots.get(game) ?? [];
      const before = gameSlots.map((s): Rating | null => {
        if (s.userId && replayed.has(s.userId)) return state.get(s.userId) ?? INITIAL_RATING;
        if (s.userId && s.muBefore !== null) return { mu: s.muBefore, sigma: s.sigmaBefore! };
        return null;
      });
      const after = rateSlots(
        scope.mode,
        teams.get(game) ?? [],
        gameSlots.map((s, i) => ({ teamId: s.teamId, score: s.score, rating: before[i]! })),
      );
      gameSlots.forEach((s, i) => {
        if (!s.userId || !replayed.has(s.userId)) return;
        updates.push({ id: s.id, before: before[i] ?? INITIAL_RATING, after: after[i]! });
        state.set(s.userId, after[i]!);
        games.set(s.userId, (games.get(s.userId) ?? 0) + 1);
      });
    }
  }
  await writeReplay(tx, scope, users, updates, state, games);
}

async function writeReplay(
  tx: Queryable,
  scope: { applicationId: string; mode: GameType },
  users: string[],
  updates: Array<{ id: number; before: Rating; after: Rating }>,
  state: Map<string, Rating>,
  games: Map<string, number>,
) {
  if (updates.length > 0) {
    const rows = JSON.stringify(
      updates.map((u) => ({
        id: u.id,
        muBefore: u.before.mu,
        sigmaBefore: u.before.sigma,
        muAfter: u.after.mu,
        sigmaAfter: u.after.sigma,
        before: displayRating(u.before),
        after: displayRating(u.after),
      })),
    );
    await tx.execute(sql`
      update game_players gp set
        mu_before = (x->>'muBefore')::float8, sigma_before = (x->>'sigmaBefore')::float8,
        mu_after = (x->>'muAfter')::float8, sigma_after = (x->>'sigmaAfter')::float8,
        rating_before = (x->>'before')::integer, rating_after = (x->>'after')::integer
      from jsonb_array_elements(${rows}::jsonb) x
      where gp.id = (x->>'id')::integer`);
  }
  const ratings = JSON.stringify(
    users.map((user) => {
      const r = state.get(user) ?? INITIAL_RATING;
      return {
        userId: user,
        mu: r.mu,
        sigma: r.sigma,
        rating: displayRating(r),
        games: games.get(user) ?? 0,
      };
    }),
  );
  await tx.execute(sql`
    update player_ratings r set mu = (x->>'mu')::float8, sigma = (x->>'sigma')::float8,
      rating = (x->>'rating')::integer, games = (x->>'games')::integer, updated_at = now()
    from jsonb_array_elements(${ratings}::jsonb) x
    where r.user_id = (x->>'userId')::uuid and r.application_id = ${scope.applicationId}
      and r.mode = ${scope.mode}`);
  await tx.execute(sql`
    delete from player_ratings where application_id = ${scope.applicationId}
      and mode = ${scope.mode} and games = 0
      and user_id = any(string_to_array(${users.join(',')}, ',')::uuid[])`);
}
