import { sql, type SQL } from 'drizzle-orm';
import type { Achievements } from '@arcadia/contracts';
import type { Db, Queryable } from '../../db/client';
import type { StoringGame } from '../../events/map';
import { notFound } from '../../plugins/errors';
import {
  achievementWrites,
  achievementsOf,
  gamesOf,
  inPlay,
  lockFacts,
  lockForIngest,
  topMonthlyBoards,
  type AchievementWrite,
} from './repository';
import {
  achievementStatus,
  earnedWith,
  emptyFacts,
  foldGame,
  monthlyTopRule,
  type AchievementFacts,
} from './rules';

/**
 * The achievements of a game being stored ('game.storing'), inside its transaction after the
 * ratings were locked (features/games/ingest.ts): locks its registered players' facts rows (one statement), reads
 * their places on the arcade's monthly board (one statement, only when a player could enter the
 * top) and the catalogue in play (one statement), folds the game into each player's facts and
 * answers the writes to add to the game's statement (restricted by `when`: nothing for a
 * repeated report): the new facts, the unlocked achievements, their notifications and pushes.
 */
export async function achievementsOfIncomingGame(
  tx: Queryable,
  game: StoringGame,
  when: SQL,
): Promise<SQL[]> {
  const players = game.players.flatMap((p) => (p.userId ? [{ ...p, userId: p.userId }] : []));
  if (players.length === 0) return [];
  const rule = monthlyTopRule() ?? { id: '', rank: 0, minPlayers: 0 };
  const playedAt = new Date(game.playedAt);
  // The arcade's month board the game counts in (the leaderboard's month, UTC).
  const month =
    game.periods.find((p) => p.periodKind === 'month' && p.arcadeId === game.arcadeId)
      ?.periodStart ?? '1970-01-01';
  const read = await lockForIngest(
    tx,
    { applicationId: game.applicationId, monthStart: month, arcadeId: game.arcadeId },
    players,
    rule,
  );
  const catalogue = read.inPlay;
  const writes: AchievementWrite[] = [];
  for (const p of players) {
    const current = read.players.get(p.userId);
    if (!current) continue; // no such user: the ingest refuses the report
    const factGame = {
      applicationId: game.applicationId,
      mode: game.type,
      mapId: game.mapId,
      playedAt,
      won: p.won,
      deaths: p.deaths,
    };
    const facts = foldGame(current.facts, factGame);
    const earned = earnedWith(facts, factGame, catalogue, current.place, current.unlocked);
    writes.push({ userId: p.userId, facts, earned, gameId: game.id });
  }
  return achievementWrites(writes, when);
}

/**
 * Rebuilds the players' facts from their stored games that count (oldest first), and with
 * `award` awards every achievement those games earn that they do not hold yet (unlocked at the
 * time of the game that earned it; monthlyTop for the monthly boards they are in the top of
 * now), with a notification and push when `notify`. Achievements once unlocked stay. Locks the
 * facts rows first (call it after any rating locks). Answers how many achievements it awarded.
 */
export async function recomputeAchievements(
  tx: Queryable,
  userIds: readonly string[],
  options: { award: boolean; notify: boolean },
): Promise<number> {
  if (userIds.length === 0) return 0;
  const locked = await lockFacts(tx, userIds);
  const ids = [...locked.keys()];
  const games = await gamesOf(tx, ids);
  const catalogue = await inPlay(tx);
  const rule = monthlyTopRule();
  const boards =
    options.award && rule
      ? await topMonthlyBoards(tx, ids, rule)
      : new Map<string, { gameId: string; at: Date }>();
  const writes: Array<AchievementWrite & { unlockedAt?: Date }> = [];
  let awarded = 0;
  for (const userId of ids) {
    const unlocked = new Set(locked.get(userId)!.unlocked);
    let facts: AchievementFacts = emptyFacts();
    const earned: Array<{ id: string; at: Date; gameId: string }> = [];
    for (const game of games.get(userId) ?? []) {
      facts = foldGame(facts, game);
      if (!options.award) continue;
      for (const id of earnedWith(facts, game, catalogue, null, unlocked)) {
        unlocked.add(id);
        earned.push({ id, at: game.playedAt, gameId: game.gameId });
      }
    }
    if (options.award && rule && !unlocked.has(rule.id)) {
      const board = boards.get(userId);
      if (board) earned.push({ id: rule.id, at: board.at, gameId: board.gameId });
    }
    awarded += earned.length;
    // One write per unlock time: each keeps the time of the game that earned it.
    writes.push({ userId, facts, earned: [], gameId: null });
    for (const e of earned)
      writes.push({ userId, facts, earned: [e.id], gameId: e.gameId, unlockedAt: e.at });
  }
  for (const statement of achievementWrites(writes, sql`true`, options.notify))
    await tx.execute(statement);
  return awarded;
}

/** GET /api/user/{id}/achievements: unlocked ones and progress of the locked ones; 404 if none. */
export async function playerAchievements(db: Queryable, userId: string): Promise<Achievements> {
  const stored = await achievementsOf(db, userId);
  if (!stored) throw notFound('No such player');
  return achievementStatus(stored.facts, await inPlay(db), stored.unlocked);
}

/**
 * The backfill (`npm run admin -- achievements backfill`): every player's facts rebuilt from their
 * stored games and every catalogue achievement those games earn awarded, in batches of `batch`
 * players (by id), each batch in its own transaction. Idempotent: a second run awards nothing.
 * `notify`: also announce each unlock in the bell list and by push (off by default: past games).
 */
export async function backfillAchievements(
  db: Db,
  options: {
    batch: number;
    notify: boolean;
    progress?: (players: number, awarded: number) => void;
  },
): Promise<{ players: number; awarded: number }> {
  let after = '00000000-0000-0000-0000-000000000000';
  let players = 0;
  let awarded = 0;
  for (;;) {
    const { rows } = await db.execute<{ id: string }>(
      sql`select id from users where id > ${after}::uuid order by id limit ${options.batch}`,
    );
    if (rows.length === 0) break;
    const ids = rows.map((r) => String(r.id));
    awarded += await db.transaction((tx) =>
      recomputeAchievements(tx, ids, { award: true, notify: options.notify }),
    );
    players += ids.length;
    after = ids[ids.length - 1]!;
    options.progress?.(players, awarded);
  }
  return { players, awarded };
}
