import { VISITS_LIST_LIMIT, type RecordVisitInput, type Visit } from '@arcadia/contracts';
import type { Db } from '../../db/client';
import { badRequest } from '../../plugins/errors';
import { currentUser, userById } from '../users';
import { arcadeById, insertVisit, isAtArcade, isFriend, recentMeetings } from './repository';

/**
 * A meeting is placed at an arcade only where the scanning player is: on one of its devices, or
 * in a game there this long ago at most (the app names the arcade of the device it is on).
 */
export const MEETING_PRESENCE_HOURS = 3;

/**
 * A registered player met another by scanning their user card: who met whom, when and where,
 * recorded by the scanning player. Every scan is one row; the list shows each player once.
 */
export async function recordVisit(db: Db, sub: string, input: RecordVisitInput): Promise<Visit> {
  return db.transaction(async (tx) => {
    const me = await currentUser(tx, sub);
    if (input.userId === me.id)
      throw badRequest('You cannot meet yourself: scan another player\u2019s card', [
        { path: 'userId', message: 'is your own id' },
      ]);
    const met = await userById(tx, input.userId);
    const arcade = input.arcadeId ? await arcadeById(tx, input.arcadeId) : undefined;
    if (input.arcadeId && !arcade)
      throw badRequest(`Unknown arcade ${input.arcadeId}`, [
        { path: 'arcadeId', message: 'is not a known arcade' },
      ]);
    // Otherwise anyone could fill any arcade's visit list (the console's day) with meetings.
    const since = new Date(Date.now() - MEETING_PRESENCE_HOURS * 3_600_000);
    if (arcade && !(await isAtArcade(tx, me.id, arcade.id, since)))
      throw badRequest(`You are not playing at ${arcade.name} now`, [
        { path: 'arcadeId', message: 'is not an arcade you are playing at' },
      ]);
    const row = await insertVisit(tx, {
      userId: me.id,
      metUserId: met.id,
      arcadeId: arcade?.id ?? null,
      recordedBy: me.id,
    });
    return {
      userId: met.id,
      userName: met.userName,
      visitedAt: row.visitedAt.toISOString(),
      arcade: arcade ?? null,
      friend: await isFriend(tx, me.id, met.id),
    };
  });
}

export async function recentVisits(db: Db, sub: string): Promise<Visit[]> {
  const me = await currentUser(db, sub);
  const rows = await recentMeetings(db, me.id, VISITS_LIST_LIMIT);
  return rows.map((row) => ({
    userId: row.userId,
    userName: row.userName,
    visitedAt: new Date(row.visitedAt).toISOString(),
    arcade: row.arcadeId && row.arcadeName ? { id: row.arcadeId, name: row.arcadeName } : null,
    friend: Boolean(row.friend),
  }));
}
