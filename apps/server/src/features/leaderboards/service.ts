import { sql } from 'drizzle-orm';
import {
  LEADERBOARD_PAGE_SIZE,
  type Leaderboard,
  type LeaderboardEntry,
  type LeaderboardQuery,
} from '@arcadia/contracts';
import type { Db } from '../../db/client';
import { AppError, notFound, unauthorized } from '../../plugins/errors';
import { arcadeExists } from '../arcades';
import { applicationExists } from '../games';
import { isProvisional } from '../ratings';
import { ALL_TIME_START, periodStart } from '../games';
import { countAbove, pageOf, userIdOf, type Board, type BoardRow } from './repository';

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
  if (metric === 'rating') {
    // Per mode, all time, over the players with a rated game (the query schema allows no more).
    return {
      board: {
        table: 'player_ratings',
        where: sql`application_id = ${applicationId} and mode = ${query.mode!} and games > 0${friendsOnly}`,
        metric,
        bucketed: scope === 'global' ? { applicationId, key: `rating:${query.mode!}` } : null,
      },
      periodStart: null,
    };
  }
  if (period === 'all' && scope !== 'arcade') {
    return {
      board: {
        table: 'player_stats',
        where: sql`application_id = ${applicationId}${friendsOnly}`,
        metric,
        bucketed: scope === 'global' ? { applicationId, key: metric } : null,
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
    ...(metric === 'rating' ? { provisional: isProvisional(row.gamesPlayed) } : {}),
  };
}

/**
 * A leaderboard page with ranks (ties share a rank: 1, 2, 2, 4) and, for a signed-in player,
 * their own entry wherever it is, read with the page in one query (one snapshot).
 */
export async function leaderboard(
  db: Db,
  applicationId: string,
  query: LeaderboardQuery,
  viewerSub: string | null,
  now = new Date(),
): Promise<Leaderboard> {
  // The game and the arcade are looked up only when the board comes back empty (an unknown one
  // has no rows): a board with players answers in one query. The friends board checks first,
  // so that an unknown game is a 404 before an unregistered caller is.
  const known = async () => {
    if (!(await applicationExists(db, applicationId))) throw notFound(`No game "${applicationId}"`);
    if (query.scope === 'arcade' && !(await arcadeExists(db, query.arcade!)))
      throw notFound(`No arcade "${query.arcade}"`);
  };
  let viewerId: string | null = null;
  if (query.scope === 'friends') {
    await known();
    if (!viewerSub) throw unauthorized('The friends leaderboard needs a signed-in player');
    viewerId = (await userIdOf(db, viewerSub)) ?? null;
    if (!viewerId)
      throw new AppError(404, 'not_registered', 'Register a profile to see your friends');
  }
  const { board, periodStart } = boardFor(applicationId, query, viewerId, now);
  const offset = (query.page - 1) * LEADERBOARD_PAGE_SIZE;
  const { rows, total, mine } = await pageOf(db, board, offset, LEADERBOARD_PAGE_SIZE, viewerSub);
  if (total === 0 && rows.length === 0 && !mine && query.scope !== 'friends') await known();
  const entries: LeaderboardEntry[] = [];
  for (const [i, row] of rows.entries()) {
    const previous = entries[i - 1];
    const rank =
      previous && rows[i - 1]!.value === row.value
        ? previous.rank
        : i > 0 || offset === 0
          ? offset + i + 1
          : 1 + (await countAbove(db, board, row.value));
    entries.push(entry(board.metric, row, rank));
  }
  const me = mine
    ? mine.hidden
      ? { ...entry(board.metric, mine.row, 1 + mine.above), hidden: true }
      : (entries.find((e) => e.userId === mine.row.userId) ??
        entry(board.metric, mine.row, 1 + mine.above))
    : null;
  return {
    applicationId,
    metric: query.metric,
    period: query.period,
    scope: query.scope,
    arcade: query.scope === 'arcade' ? query.arcade! : null,
    periodStart,
    mode: query.metric === 'rating' ? query.mode! : null,
    entries,
    me,
    page: query.page,
    pageSize: LEADERBOARD_PAGE_SIZE,
    total,
    totalPages: Math.ceil(total / LEADERBOARD_PAGE_SIZE),
  };
}
