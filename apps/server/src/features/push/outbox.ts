import { and, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pushMessageSchema, type PushKind } from '@arcadia/contracts';
import type { Db, Queryable } from '../../db/client';
import type { RowsWrite } from '../../events/rows-write';
import { pushOutbox, pushSubscriptions } from '../../db/schema';
import type { Localized } from './messages';

/**
 * The durable outbox. A row is one delivery to one subscription (the endpoint is in the payload
 * beside the message), written in the transaction that caused it, so it commits or rolls back
 * with that change and survives restarts until the worker delivered it.
 */
export const outboxPayloadSchema = z.object({ endpoint: z.string(), message: pushMessageSchema });

/**
 * Enqueues the message for every subscription of the given users (or of every subscribed player),
 * each in that player's language, none for a suspended player. Returns how many deliveries were
 * enqueued.
 */
export async function enqueue(
  tx: Queryable,
  kind: PushKind,
  recipients: string[] | 'all-subscribers',
  message: Localized,
  /** Not to a subscription that had a message of this kind and tag within this many hours. */
  unlessSentWithinHours?: number,
): Promise<number> {
  if (recipients !== 'all-subscribers' && recipients.length === 0) return 0;
  const conditions = [
    // A suspended player hears nothing until the suspension is lifted.
    sql`u.suspended_at is null`,
    ...(recipients === 'all-subscribers'
      ? []
      : [
          sql`s.user_id in (${sql.join(
            recipients.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        ]),
    ...(unlessSentWithinHours === undefined
      ? []
      : [
          sql`not exists (
            select 1 from push_outbox o
             where o.user_id = s.user_id and o.kind = ${kind}
               and o.payload->'message'->>'tag' = ${message.de.tag}
               and o.created_at > now() - make_interval(hours => ${unlessSentWithinHours}))`,
        ]),
  ];
  const only = sql`where ${sql.join(conditions, sql` and `)}`;
  const result = await tx.execute(sql`
    insert into push_outbox (user_id, kind, payload)
    select s.user_id, ${kind}, jsonb_build_object(
      'endpoint', s.endpoint,
      'message', case when u.language = 'en' then ${JSON.stringify(message.en)}::jsonb
                      else ${JSON.stringify(message.de)}::jsonb end)
    from push_subscriptions s join users u on u.id = s.user_id
    ${only}
    returning id`);
  return result.rows.length;
}

/**
 * The write that enqueues one message per user (each its own text, like a match result) for
 * every subscription of each of them, in each one's language, each row naming the game it is
 * about (RowsWrite). Null when there is no one to tell.
 */
export function enqueueEachStatement(
  kind: PushKind,
  messages: Array<{ userId: string; message: Localized; gameId?: string | null }>,
): RowsWrite | null {
  if (messages.length === 0) return null;
  return {
    key: `push_outbox ${kind}`,
    rows: messages.map(({ userId, message, gameId }) => ({
      game_id: gameId ?? null,
      user_id: userId,
      de: message.de,
      en: message.en,
    })),
    render: (rows, when) => sql`
    insert into push_outbox (user_id, kind, payload)
    select s.user_id, ${kind}, jsonb_build_object(
      'endpoint', s.endpoint,
      'message', case when u.language = 'en' then m.en else m.de end)
    from jsonb_to_recordset(${rows}) as m(game_id uuid, user_id uuid, de jsonb, en jsonb)
    join push_subscriptions s on s.user_id = m.user_id
    join users u on u.id = s.user_id
    where ${when} and u.suspended_at is null`,
  };
}

/** A suspended player's deliveries not yet sent are dropped (news of then is stale by the end). */
/** The unsent deliveries of this kind and tag to these players (their cause was undone). */
export async function dropPendingTagged(
  db: Queryable,
  kind: string,
  tag: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .delete(pushOutbox)
    .where(
      and(
        isNull(pushOutbox.sentAt),
        eq(pushOutbox.kind, kind),
        inArray(pushOutbox.userId, [...userIds]),
        sql`${pushOutbox.payload}->'message'->>'tag' = ${tag}`,
      ),
    );
}

export async function dropPendingOf(db: Queryable, userId: string): Promise<void> {
  await db.delete(pushOutbox).where(and(eq(pushOutbox.userId, userId), isNull(pushOutbox.sentAt)));
}

export interface ClaimedRow {
  id: number;
  userId: string;
  kind: string;
  payload: unknown;
  attempts: number;
}

/**
 * Claims up to `limit` due rows for this worker: `FOR UPDATE SKIP LOCKED` lets several
 * processes share the outbox without taking the same row, and the lease (next_attempt_at moved
 * ahead) keeps a row claimed while it is being sent outside any transaction. A worker that dies
 * mid-send leaves the row to be claimed again when the lease runs out. Every claim counts as an
 * attempt.
 */
export async function claimDue(
  db: Queryable,
  limit: number,
  leaseMs: number,
  maxAttempts: number,
): Promise<ClaimedRow[]> {
  const result = await db.execute<{
    id: string | number;
    user_id: string;
    kind: string;
    payload: unknown;
    attempts: number;
  }>(sql`
    update push_outbox
       set attempts = attempts + 1,
           next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval
     where id in (
       select id from push_outbox
        where sent_at is null and attempts < ${maxAttempts} and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked)
    returning id, user_id, kind, payload, attempts`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    userId: row.user_id,
    kind: row.kind,
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
    attempts: Number(row.attempts),
  }));
}

export async function markSent(db: Queryable, id: number): Promise<void> {
  await db
    .update(pushOutbox)
    .set({ sentAt: sql`now()`, lastError: null })
    .where(eq(pushOutbox.id, id));
}

export async function reschedule(
  db: Queryable,
  id: number,
  delayMs: number,
  error: string,
): Promise<void> {
  await db
    .update(pushOutbox)
    .set({
      nextAttemptAt: sql`now() + ${`${Math.round(delayMs)} milliseconds`}::interval`,
      lastError: error.slice(0, 500),
    })
    .where(eq(pushOutbox.id, id));
}

/** Never tried again: the row stays (unsent, attempts at the maximum) for inspection. */
export async function giveUp(
  db: Queryable,
  id: number,
  maxAttempts: number,
  error: string,
): Promise<void> {
  await db
    .update(pushOutbox)
    .set({
      attempts: sql`greatest(${pushOutbox.attempts}, ${maxAttempts})`,
      lastError: error.slice(0, 500),
    })
    .where(eq(pushOutbox.id, id));
}

export async function dropRow(db: Queryable, id: number): Promise<void> {
  await db.delete(pushOutbox).where(eq(pushOutbox.id, id));
}

/** The subscription a row is for, if it still exists and still belongs to that player. */
export async function subscriptionFor(db: Queryable, userId: string, endpoint: string) {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
  return row;
}

/**
 * The push service said the endpoint is gone for good: the subscription and the delivery that
 * learned it are removed together (one transaction), so neither outlives the other.
 */
export async function removeGoneSubscription(db: Db, endpoint: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    await dropRow(tx, id);
  });
}

/**
 * A deleted player's own deliveries, and the other players' "X added you as a friend" ones that
 * carry the player (tagged friend-<id>).
 */
export async function deleteDeliveriesOf(db: Queryable, userId: string): Promise<void> {
  await db.delete(pushOutbox).where(or(eq(pushOutbox.userId, userId), deliveryNaming(userId)));
}

const deliveryNaming = (userId: string) =>
  and(
    eq(pushOutbox.kind, 'friend_added'),
    sql`${pushOutbox.payload}::text like ${`%friend-${userId}%`}`,
  );

/** The "X added you as a friend" pushes that name this player (renamed by an operator). */
export async function deleteFriendDeliveriesNaming(db: Queryable, userId: string): Promise<void> {
  await db.delete(pushOutbox).where(deliveryNaming(userId));
}

/** Forgets delivered rows, and rows given up on, once they are older than the retention time. */
export async function pruneOld(
  db: Queryable,
  olderThanMs: number,
  maxAttempts: number,
): Promise<number> {
  const before = new Date(Date.now() - olderThanMs);
  const rows = await db
    .delete(pushOutbox)
    .where(
      or(
        lt(pushOutbox.sentAt, before),
        and(
          isNull(pushOutbox.sentAt),
          gte(pushOutbox.attempts, maxAttempts),
          lt(pushOutbox.createdAt, before),
        ),
      ),
    )
    .returning({ id: pushOutbox.id });
  return rows.length;
}

/** What is still to deliver (metrics): rows to try, rows given up on, and the oldest wait. */
export interface OutboxBacklog {
  pending: number;
  givenUp: number;
  /** Seconds since the oldest pending row was written; 0 when none is pending. */
  oldestPendingSeconds: number;
}

/** One pass over the unsent rows (the due index covers `sent_at is null`). */
export async function outboxBacklog(db: Queryable, maxAttempts: number): Promise<OutboxBacklog> {
  const result = await db.execute<{
    pending: string | number;
    given_up: string | number;
    oldest_seconds: string | number | null;
  }>(sql`
    select count(*) filter (where attempts < ${maxAttempts}) as pending,
           count(*) filter (where attempts >= ${maxAttempts}) as given_up,
           extract(epoch from now() - min(created_at) filter (where attempts < ${maxAttempts}))
             as oldest_seconds
      from push_outbox
     where sent_at is null`);
  const row = result.rows[0];
  return {
    pending: Number(row?.pending ?? 0),
    givenUp: Number(row?.given_up ?? 0),
    oldestPendingSeconds: Math.max(0, Number(row?.oldest_seconds ?? 0)),
  };
}
