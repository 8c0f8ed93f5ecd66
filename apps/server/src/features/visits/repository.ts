import { and, desc, eq, gte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  arcades,
  devicePlayers,
  friendships,
  gamePlayers,
  games,
  users,
  visits,
} from '../../db/schema';

export async function arcadeById(db: Queryable, id: string) {
  const [row] = await db
    .select({ id: arcades.id, name: arcades.name })
    .from(arcades)
    .where(eq(arcades.id, id))
    .limit(1);
  return row;
}

/**
 * Whether the player is at the arcade as far as the server knows: on one of its devices now, or
 * in a game stored there since `since` (the device released them after it).
 */
export async function isAtArcade(db: Queryable, userId: string, arcadeId: string, since: Date) {
  const seated = await db
    .select({ userId: devicePlayers.userId })
    .from(devicePlayers)
    .where(and(eq(devicePlayers.userId, userId), eq(devicePlayers.arcadeId, arcadeId)))
    .limit(1);
  if (seated.length > 0) return true;
  const played = await db
    .select({ gameId: gamePlayers.gameId })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .where(
      and(
        eq(gamePlayers.userId, userId),
        gte(gamePlayers.playedAt, since),
        eq(games.arcadeId, arcadeId),
      ),
    )
    .limit(1);
  return played.length > 0;
}

export async function insertVisit(db: Queryable, values: typeof visits.$inferInsert) {
  const [row] = await db.insert(visits).values(values).returning();
  return row!;
}

export async function isFriend(db: Queryable, userId: string, friendId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: friendships.userId })
    .from(friendships)
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The players a user met, each once with their latest meeting, newest first. DISTINCT ON picks
 * the latest row per met player from the (user_id, visited_at) index range.
 */
export async function recentMeetings(db: Queryable, userId: string, limit: number) {
  const latest = db
    .selectDistinctOn([visits.metUserId], {
      metUserId: visits.metUserId,
      visitedAt: visits.visitedAt,
      arcadeId: visits.arcadeId,
    })
    .from(visits)
    .where(eq(visits.userId, userId))
    .orderBy(visits.metUserId, desc(visits.visitedAt))
    .as('latest');
  return db
    .select({
      userId: users.id,
      userName: users.userName,
      visitedAt: latest.visitedAt,
      arcadeId: arcades.id,
      arcadeName: arcades.name,
      friend: sql<boolean>`exists (select 1 from ${friendships} where ${friendships.userId} = ${userId} and ${friendships.friendId} = ${latest.metUserId})`,
    })
    .from(latest)
    .innerJoin(users, eq(users.id, latest.metUserId))
    .leftJoin(arcades, eq(arcades.id, latest.arcadeId))
    .orderBy(desc(latest.visitedAt), users.id)
    .limit(limit);
}

/** The visits of the player and those where someone met them. */
export async function deleteVisitsOf(db: Queryable, userId: string): Promise<void> {
  await db.delete(visits).where(or(eq(visits.userId, userId), eq(visits.metUserId, userId)));
}

/** Visits the player recorded for others stay, without them. */
export async function forgetRecorder(db: Queryable, userId: string): Promise<void> {
  await db.update(visits).set({ recordedBy: null }).where(eq(visits.recordedBy, userId));
}
