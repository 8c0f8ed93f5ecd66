import type { GameType } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { displayRating, INITIAL_RATING, rateSlots, type Rating } from './model';

/**
 * A registered player's rating in one game, as game_players keeps it: the model's μ and σ and
 * the displayed rating, before and after.
 */
export interface SlotRating {
  muBefore: number;
  sigmaBefore: number;
  muAfter: number;
  sigmaAfter: number;
  before: number;
  after: number;
}

/** What rating a game needs of it. */
export interface GameToRate {
  applicationId: string;
  type: GameType;
  teams: ReadonlyArray<{ id: number; score: number }>;
  players: ReadonlyArray<{ userId: string | null; teamId: number | null; score: number }>;
}

export interface CurrentRating extends Rating {
  games: number;
}

/** Text written once: a named prepared statement per connection on PostgreSQL (hot: every game). */
const lockStatement = preparedStatement<{
  user_id: string;
  mu: number;
  sigma: number;
  games: number;
}>(`insert into player_ratings as r (user_id, application_id, mode, mu, sigma, rating, games)
  select u.id, $1, $2, $3::float8, $4::float8, $5::integer, 0
  from users u where u.id = any(string_to_array($6, ',')::uuid[])
  order by u.id
  on conflict (user_id, application_id, mode) do update set games = r.games
  returning r.user_id, r.mu, r.sigma, r.games`);

/**
 * Locks the rating rows of the given players in one application and mode, in user id order so
 * that concurrent games sharing players queue rather than deadlock, creating a missing one at
 * the initial rating with no games, and answers them: ONE statement. The lock is the upsert's
 * (ON CONFLICT DO UPDATE locks the row as an UPDATE does, FOR NO KEY UPDATE: it excludes the
 * same lock of another ingest, a void or an assignment until the commit), which also covers a
 * row that did not exist yet, where SELECT … FOR UPDATE would lock nothing. Ids that name no user are skipped (the ingest refuses them afterwards). Call it
 * inside the transaction that writes the new ratings.
 */
export async function lockRatings(
  tx: Queryable,
  applicationId: string,
  mode: GameType,
  userIds: readonly string[],
): Promise<Map<string, CurrentRating>> {
  const ratings = new Map<string, CurrentRating>();
  if (userIds.length === 0) return ratings;
  const rows = await lockStatement(tx, [
    applicationId,
    mode,
    INITIAL_RATING.mu,
    INITIAL_RATING.sigma,
    displayRating(INITIAL_RATING),
    [...new Set(userIds)].join(','),
  ]);
  for (const row of rows)
    ratings.set(String(row.user_id), {
      mu: Number(row.mu),
      sigma: Number(row.sigma),
      games: Number(row.games),
    });
  return ratings;
}

/**
 * Rates a game: each slot's rating before and after, in slot order (null for a guest, who
 * plays at the default strength and keeps nothing). `current` holds the registered players'
 * ratings (lockRatings); one missing counts as new.
 */
export function rateGame(
  game: GameToRate,
  current: ReadonlyMap<string, Rating>,
): Array<SlotRating | null> {
  const before = game.players.map((p) =>
    p.userId ? (current.get(p.userId) ?? INITIAL_RATING) : null,
  );
  const after = rateSlots(
    game.type,
    game.teams,
    game.players.map((p, i) => ({ teamId: p.teamId, score: p.score, rating: before[i]! })),
  );
  return game.players.map((p, i) => {
    const b = before[i];
    const a = after[i]!;
    if (!p.userId || !b) return null;
    return {
      muBefore: b.mu,
      sigmaBefore: b.sigma,
      muAfter: a.mu,
      sigmaAfter: a.sigma,
      before: displayRating(b),
      after: displayRating(a),
    };
  });
}

/** Text written once, as lockStatement: the rating rows of several games (a batch). */
const lockManyStatement = preparedStatement<{
  user_id: string;
  application_id: string;
  mode: string;
  mu: number;
  sigma: number;
  games: number;
}>(`insert into player_ratings as r (user_id, application_id, mode, mu, sigma, rating, games)
  select u.id, k.application_id, k.mode, $2::float8, $3::float8, $4::integer, 0
  from jsonb_to_recordset($1::jsonb) as k(user_id uuid, application_id text, mode text)
  join users u on u.id = k.user_id
  order by u.id, k.application_id, k.mode
  on conflict (user_id, application_id, mode) do update set games = r.games
  returning r.user_id, r.application_id, r.mode, r.mu, r.sigma, r.games`);

const keyOf = (userId: string, applicationId: string, mode: string) =>
  `${userId} ${applicationId} ${mode}`;

/**
 * Locks the registered players' ratings and rates several games at once (a batch stored in one
 * transaction, features/games/ingest-store.ts), in ONE statement: the rows in (user id,
 * application, mode) order, an order of which lockRatings' is a part, so a batch and single
 * games queue rather than deadlock. The games must not share a player in the same application
 * and mode (each is rated against the ratings before the batch). Answers each game's slot
 * ratings, in game order.
 */
export async function rateIncomingGames(
  tx: Queryable,
  games: readonly GameToRate[],
): Promise<Array<Array<SlotRating | null>>> {
  const keys = new Map<string, { user_id: string; application_id: string; mode: string }>();
  for (const game of games)
    for (const p of game.players)
      if (p.userId)
        keys.set(keyOf(p.userId, game.applicationId, game.type), {
          user_id: p.userId,
          application_id: game.applicationId,
          mode: game.type,
        });
  const current = new Map<string, CurrentRating>();
  if (keys.size > 0) {
    const rows = await lockManyStatement(tx, [
      JSON.stringify([...keys.values()]),
      INITIAL_RATING.mu,
      INITIAL_RATING.sigma,
      displayRating(INITIAL_RATING),
    ]);
    for (const row of rows)
      current.set(keyOf(String(row.user_id), row.application_id, row.mode), {
        mu: Number(row.mu),
        sigma: Number(row.sigma),
        games: Number(row.games),
      });
  }
  return games.map((game) => {
    const mine = new Map<string, Rating>();
    for (const p of game.players) {
      const rating = p.userId && current.get(keyOf(p.userId, game.applicationId, game.type));
      if (p.userId && rating) mine.set(p.userId, rating);
    }
    return rateGame(game, mine);
  });
}

/**
 * Locks the registered players' ratings and rates the game in their light: the ratings to store
 * with it (arcadia_ingest_game writes them to game_players and player_ratings). Inside the
 * ingest transaction, before the game is stored.
 */
export async function rateIncomingGame(
  tx: Queryable,
  game: GameToRate,
): Promise<Array<SlotRating | null>> {
  const ids = game.players.flatMap((p) => (p.userId ? [p.userId] : []));
  const current = await lockRatings(tx, game.applicationId, game.type, ids);
  return rateGame(game, current);
}
