import { ECDH } from 'node:crypto';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { PushSubscriptionInput } from '@arcadia/contracts';
import type { Db, Queryable } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { badRequest, notFound } from '../../plugins/errors';
import { currentUser } from '../users';
import { checkEndpoint, PushTargetRefused, type PushTargetPolicy } from './endpoint-policy';

/** Devices per player; subscribing one more forgets the oldest. */
const SUBSCRIPTIONS_PER_PLAYER = 10;

async function checkSubscription(input: PushSubscriptionInput, policy: PushTargetPolicy) {
  try {
    await checkEndpoint(input.endpoint, policy);
  } catch (error) {
    if (!(error instanceof PushTargetRefused)) throw error;
    throw badRequest(`The push endpoint ${error.reason}`, [
      { path: 'endpoint', message: error.reason },
    ]);
  }
  try {
    // The key must be a point on P-256, or no message could ever be encrypted for it.
    ECDH.convertKey(Buffer.from(input.keys.p256dh, 'base64url'), 'prime256v1');
  } catch {
    throw badRequest('The subscription key is not valid', [
      { path: 'keys.p256dh', message: 'is not a P-256 public key' },
    ]);
  }
}

/**
 * Stores the caller's subscription. An endpoint belongs to one browser, so when it is already
 * stored (for this or another player) it moves to the caller with the new keys.
 */
export async function subscribe(
  db: Db,
  sub: string,
  input: PushSubscriptionInput,
  policy: PushTargetPolicy,
): Promise<void> {
  await checkSubscription(input, policy);
  await db.transaction(async (tx) => {
    const me = await currentUser(tx, sub);
    const values = {
      userId: me.id,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
    };
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: me.id, p256dh: values.p256dh, auth: values.auth, createdAt: new Date() },
      });
    const keep = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, me.id))
      .orderBy(desc(pushSubscriptions.createdAt))
      .limit(SUBSCRIPTIONS_PER_PLAYER);
    await tx.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.userId, me.id),
        notInArray(
          pushSubscriptions.id,
          keep.map((k) => k.id),
        ),
      ),
    );
  });
}

/** Removes one of the caller's own subscriptions; 404 when the caller has no such endpoint. */
export async function unsubscribe(db: Db, sub: string, endpoint: string): Promise<void> {
  await db.transaction(async (tx) => {
    const me = await currentUser(tx, sub);
    const removed = await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, me.id)))
      .returning({ id: pushSubscriptions.id });
    if (removed.length === 0) throw notFound('Not subscribed to push notifications.');
  });
}

/** Every subscription of a deleted player. */
export async function deleteSubscriptionsOf(db: Queryable, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
