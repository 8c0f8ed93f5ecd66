import { and, desc, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { NotificationItem, NotificationList } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import type { RowsWrite } from '../../events/rows-write';
import { notificationReads, notifications, users } from '../../db/schema';
import type { Localized } from '../push';

/** How many notifications the list shows (the newest). */
export const NOTIFICATION_LIST_SIZE = 30;

/**
 * What a player has of the list: how far they read, and since when they are a player (news for
 * everyone counts from then on, so a new player does not start with every old article unread).
 */
async function readerOf(db: Queryable, userId: string) {
  const [row] = await db
    .select({ upTo: notificationReads.readUpTo, since: users.createdAt })
    .from(users)
    .leftJoin(notificationReads, eq(notificationReads.userId, users.id))
    .where(eq(users.id, userId));
  return { upTo: row?.upTo ?? 0, since: row?.since ?? new Date(0) };
}

/** The notifications a player sees: their own, and those for everyone since they joined. */
const visibleTo = (userId: string, since: Date) =>
  or(
    eq(notifications.userId, userId),
    and(isNull(notifications.userId), gte(notifications.createdAt, since)),
  );

/** Stores a notification for the given players (null: for every player). */
export async function addNotification(
  db: Queryable,
  kind: string,
  userId: string | null,
  message: Localized,
): Promise<void> {
  await db.insert(notifications).values({ userId, kind, message });
}

/**
 * addNotification, unless the player had one of this kind and tag within this many hours (the
 * same "X added you" again after a remove and add). Whether it was added.
 */
export async function addNotificationUnlessRecent(
  db: Queryable,
  kind: string,
  userId: string,
  message: Localized,
  withinHours: number,
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into notifications (user_id, kind, message)
    select ${userId}::uuid, ${kind}, ${JSON.stringify(message)}::jsonb
     where not exists (
       select 1 from notifications n
        where n.user_id = ${userId}::uuid and n.kind = ${kind}
          and n.message->'de'->>'tag' = ${message.de.tag}
          and n.created_at > now() - make_interval(hours => ${withinHours}))
    returning id`);
  return result.rows.length > 0;
}

/**
 * The write that adds one notification per user (each its own text, like a match result), each
 * row naming the game it is about (RowsWrite). Null when there is no one to tell.
 */
export function addEachStatement(
  kind: string,
  messages: Array<{ userId: string; message: Localized; gameId?: string | null }>,
): RowsWrite | null {
  if (messages.length === 0) return null;
  return {
    key: `notifications ${kind}`,
    rows: messages.map(({ userId, message, gameId }) => ({
      game_id: gameId ?? null,
      user_id: userId,
      message,
    })),
    render: (rows, when) => sql`
    insert into notifications (user_id, kind, message)
    select m.user_id, ${kind}, m.message
      from jsonb_to_recordset(${rows}) as m(game_id uuid, user_id uuid, message jsonb)
     where ${when}`,
  };
}

export async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const { upTo, since } = await readerOf(db, userId);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(visibleTo(userId, since), gt(notifications.id, upTo)));
  return Number(row?.n ?? 0);
}

export async function notificationList(db: Queryable, userId: string): Promise<NotificationList> {
  const { upTo, since } = await readerOf(db, userId);
  const rows = await db
    .select()
    .from(notifications)
    .where(visibleTo(userId, since))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATION_LIST_SIZE);
  const items: NotificationItem[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    unread: row.id > upTo,
    message: row.message as Localized,
  }));
  return { items, unread: await unreadCount(db, userId) };
}

/**
 * Everything up to `upTo` counts as read (never moves back); no further than the newest
 * notification, so a mark sent far ahead cannot silence the ones still to come.
 */
export async function markRead(db: Queryable, userId: string, upTo: number): Promise<void> {
  const newest = sql`(select coalesce(max(${notifications.id}), 0) from ${notifications})`;
  await db
    .insert(notificationReads)
    .values({ userId, readUpTo: sql`least(${upTo}::bigint, ${newest})` })
    .onConflictDoUpdate({
      target: notificationReads.userId,
      set: { readUpTo: sql`greatest(${notificationReads.readUpTo}, excluded.read_up_to)` },
    });
}

/**
 * A deleted player's notifications and read mark, and the other players' "X added you as a
 * friend" notifications, which carry the player's name (tagged friend-<id>).
 */
export async function deleteNotificationsOf(db: Queryable, userId: string): Promise<void> {
  await db.delete(notificationReads).where(eq(notificationReads.userId, userId));
  await db.delete(notifications).where(or(eq(notifications.userId, userId), namingFriend(userId)));
}

const namingFriend = (userId: string) =>
  and(
    eq(notifications.kind, 'friend_added'),
    sql`${notifications.message}::text like ${`%friend-${userId}%`}`,
  );

/** The notifications of this kind and tag of these players (their cause was undone). */
export async function deleteTagged(
  db: Queryable,
  kind: string,
  tag: string,
  userIds: readonly string[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const deleted = await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.kind, kind),
        inArray(notifications.userId, [...userIds]),
        sql`${notifications.message}->'de'->>'tag' = ${tag}`,
      ),
    )
    .returning({ id: notifications.id });
  return deleted.length;
}

/**
 * The other players' "X added you as a friend" notifications that name this player: an operator
 * renamed an offensive name, and no list may keep it.
 */
export async function deleteFriendNoticesNaming(db: Queryable, userId: string): Promise<void> {
  await db.delete(notifications).where(namingFriend(userId));
}
