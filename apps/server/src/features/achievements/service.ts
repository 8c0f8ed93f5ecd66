import { sql } from 'drizzle-orm';
import type { Achievements } from '@arcadia/contracts';
import type { Db, Queryable } from '../../db/client';
import type { StoringGame } from '../../events/map';
import { renderRowsWrite, type RowsWrite } from '../../events/rows-write';
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
 * The achievements of games being stored ('games.storing': one, or an ingest transaction's
 * batch), inside their transaction after the ratings were locked (features/games/ingest-store.ts):
 * locks their registered players' facts rows and reads their places on the games' arcade monthly
 * boards and the catalogue in play (ONE statement for all the games), folds each game into its
 * players' facts and answers each game's writes to add to its statement (each row naming the
 * game: nothing is written for a repeated report): the new facts, the unlocked achievements,
 * their notifications and pushes. The games share no registered player (the ingest queue's rule).
 */
export async function achievementsOfIncomingGames(
  tx: Queryable,
  games: readonly StoringGame[],
): Promise<Array<{ gameId: string; writes: RowsWrite[] }>> {
  const rule = monthlyTopRule() ?? { id: '', rank: 0, minPlayers: 0 };
  const registered = games.map((game) =>
    game.players.flatMap((p) => (p.userId ? [{ ...p, userId: p.userId }] : [])),
  );
  const reads = await lockForIngest(
    tx,
    games.map((game, g) => ({
      // The arcade's month board the game counts in (the leaderboard's month, UTC).
      board: {
        applicationId: game.applicationId,
        monthStart:
          game.periods.find((p) => p.periodKind === 'month' && p.arcadeId === game.arcadeId)
            ?.periodStart ?? '1970-01-01',
        arcadeId: game.arcadeId,
      },
      players: registered[g]!,
    })),
    rule,
  );
  return games.map((game, g) => {
    const read = reads[g]!;
    const writes: AchievementWrite[] = [];
    for (const p of registered[g]!) {
      const current = read.players.get(p.userId);
      if (!current) continue; // no such user: the ingest refuses the report
      const factGame = {
        applicationId: game.applicationId,
        mode: game.type,
        mapId: game.mapId,
        playedAt: new Date(game.playedAt),
        won: p.won,
        deaths: p.deaths,
      };
      const facts = foldGame(current.facts, factGame);
      const earned = earnedWith(facts, factGame, read.inPlay, current.place, current.unlocked);
      writes.push({ userId: p.userId, facts, earned, gameId: game.id });
    }
    return { gameId: game.id, writes: achievementWrites(writes) };
  });
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
  for (const write of achievementWrites(writes, options.notify))
    await tx.execute(renderRowsWrite(write));
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
