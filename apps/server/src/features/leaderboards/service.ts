import { sql } from 'drizzle-orm';
import {
  LEADERBOARD_PAGE_SIZE,
  type Leaderboard,
  type LeaderboardEntry,
  type LeaderboardQuery,
} from '@arcadia/contracts';
import type { Db, Queryable } from '../../db/client';
import { AppError, notFound, unauthorized } from '../../plugins/errors';
import { arcadeExists } from '../arcades/service';
import { APPLICATIONS } from '../games/overview-content';
import { ALL_TIME_START, periodStart } from '../games/periods';
import { currentUser } from '../users/service';
import { countAbove, countBoard, pageOf, rowOf, type Board, type BoardRow } from './repository';

function boardFor(
  applicationId: string,
  query: LeaderboardQuery,
  viewerId: string | null,
  now: Date,
): { board: Board; periodStart: string | null } {
  const { metric, period, scope } = query;
  const friendsOnly =
    scope === 'friends'
      ? sql` and user_id in (select friend_id from friendships where user_id = ${viewerId}
                              union all select ${viewerId}::uuid)`
      : sql``;
  if (period === 'all' && scope !== 'arcade') {
    return {
      board: {
        table: 'player_stats',
        where: sql`application_id = ${applicationId}${friendsOnly}`,
        metric,
        bucketed: scope === 'global' ? { applicationId } : null,
      },
      periodStart: null,
    };
  }
  const start = period === 'all' ? ALL_TIME_START : periodStart(period, now);
  const arcadeId = scope === 'arcade' ? query.arcade! : '';
  return {
    board: {
      table: 'player_stats_periods',
      where: sql`application_id = ${applicationId} and period_kind = ${period}
        and period_start = ${start} and arcade_id = ${arcadeId}${friendsOnly}`,
      metric,
      bucketed: null,
    },
    periodStart: period === 'all' ? null : start,
  };
}

const shown = (metric: LeaderboardQuery['metric'], value: number) =>
  metric === 'kd' ? Math.round(value * 100) / 100 : value;

function entry(metric: LeaderboardQuery['metric'], row: BoardRow, rank: number): LeaderboardEntry {
  return {
    rank,
    userId: row.userId,
    userName: row.userName,
    value: shown(metric, row.value),
    gamesPlayed: row.gamesPlayed,
  };
}

async function viewerOf(db: Queryable, sub: string | null): Promise<string | null> {
  if (!sub) return null;
  try {
    return (await currentUser(db, sub)).id;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

/**
 * A leaderboard page with ranks (ties share a rank: 1, 2, 2, 4) and, for a signed-in player,
 * their own entry wherever it is. Everything runs in one read-only snapshot.
 */
export async function leaderboard(
  db: Db,
  applicationId: string,
  query: LeaderboardQuery,
  viewerSub: string | null,
  now = new Date(),
): Promise<Leaderboard> {
  if (!APPLICATIONS[applicationId]) throw notFound(`No game "${applicationId}"`);
  if (query.scope === 'friends' && !viewerSub)
    throw unauthorized('The friends leaderboard needs a signed-in player');
  return db.transaction(
    async (tx) => {
      if (query.scope === 'arcade' && !(await arcadeExists(tx, query.arcade!)))
        throw notFound(`No arcade "${query.arcade}"`);
      const viewerId = await viewerOf(tx, viewerSub);
      if (query.scope === 'friends' && !viewerId)
        throw new AppError(404, 'not_registered', 'Register a profile to see your friends');
      const { board, periodStart } = boardFor(applicationId, query, viewerId, now);
      const offset = (query.page - 1) * LEADERBOARD_PAGE_SIZE;
      // One connection in a transaction: the queries run one after the other.
      const total = await countBoard(tx, board);
      const rows = await pageOf(tx, board, offset, LEADERBOARD_PAGE_SIZE);
      const mine = viewerId ? await rowOf(tx, board, viewerId) : undefined;
      const entries: LeaderboardEntry[] = [];
      for (const [i, row] of rows.entries()) {
        const previous = entries[i - 1];
        const rank =
          previous && rows[i - 1]!.value === row.value
            ? previous.rank
            : i > 0 || offset === 0
              ? offset + i + 1
              : 1 + (await countAbove(tx, board, row.value));
        entries.push(entry(board.metric, row, rank));
      }
      let me: LeaderboardEntry | null = null;
      if (mine) {
        const onPage = entries.find((e) => e.userId === mine.userId);
        me = onPage ?? entry(board.metric, mine, 1 + (await countAbove(tx, board, mine.value)));
      }
      return {
        applicationId,
        metric: query.metric,
        period: query.period,
        scope: query.scope,
        arcade: query.scope === 'arcade' ? query.arcade! : null,
        periodStart,
        entries,
        me,
        page: query.page,
        pageSize: LEADERBOARD_PAGE_SIZE,
        total,
        totalPages: Math.ceil(total / LEADERBOARD_PAGE_SIZE),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
