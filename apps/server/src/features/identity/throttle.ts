import { eq, inArray, lt, and, or, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { loginThrottle } from '../../db/schema';
import { THROTTLE_BLOCK_SECONDS, THROTTLE_WINDOW_SECONDS } from './lifetimes';

/** A throttle key with how many failures inside the window block it. */
export interface ThrottleKey {
  key: string;
  limit: number;
}

/** Seconds until every given key is free again; 0 when none is blocked. */
export async function blockedFor(db: Db, keys: ThrottleKey[]): Promise<number> {
  const [row] = await db
    .select({
      seconds: sql<number>`ceil(extract(epoch from max(${loginThrottle.blockedUntil}) - now()))::int`,
    })
    .from(loginThrottle)
    .where(
      and(
        inArray(
          loginThrottle.key,
          keys.map((k) => k.key),
        ),
        sql`${loginThrottle.blockedUntil} > now()`,
      ),
    );
  return Math.max(0, Number(row?.seconds ?? 0));
}

/**
 * Counts one failure for each key, atomically (several processes share the table): a window
 * that is over starts again at one; reaching the limit blocks the key.
 */
export async function recordFailure(db: Db, keys: ThrottleKey[]): Promise<void> {
  const window = sql`make_interval(secs => ${THROTTLE_WINDOW_SECONDS})`;
  const block = sql`make_interval(secs => ${THROTTLE_BLOCK_SECONDS})`;
  for (const { key, limit } of keys) {
    const stale = sql`${loginThrottle.windowStart} < now() - ${window}`;
    const failures = sql`case when ${stale} then 1 else ${loginThrottle.failures} + 1 end`;
    await db
      .insert(loginThrottle)
      .values({
        key,
        failures: 1,
        windowStart: sql`now()`,
        blockedUntil: limit <= 1 ? sql`now() + ${block}` : null,
      })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures,
          windowStart: sql`case when ${stale} then now() else ${loginThrottle.windowStart} end`,
          blockedUntil: sql`case when ${failures} >= ${limit} then now() + ${block} else ${loginThrottle.blockedUntil} end`,
        },
      });
  }
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/**
 * Removes the counters of these keys and of every key starting with one of `prefixes` (a deleted
 * account's, per client address too), whatever their state.
 */
export async function forgetThrottles(
  db: Queryable,
  keys: string[],
  prefixes: string[] = [],
): Promise<void> {
  await db
    .delete(loginThrottle)
    .where(
      or(
        inArray(loginThrottle.key, keys),
        ...prefixes.map((prefix) => sql`left(${loginThrottle.key}, ${prefix.length}) = ${prefix}`),
      ),
    );
}

/** Removes counters whose window and block are both over. */
export async function removeStaleThrottles(db: Db): Promise<void> {
  await db
    .delete(loginThrottle)
    .where(
      and(
        lt(
          loginThrottle.windowStart,
          sql`now() - make_interval(secs => ${THROTTLE_WINDOW_SECONDS})`,
        ),
        or(isNull(loginThrottle.blockedUntil), lt(loginThrottle.blockedUntil, sql`now()`)),
      ),
    );
}
