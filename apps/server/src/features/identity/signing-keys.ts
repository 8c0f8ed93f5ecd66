import { asc, desc, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db, Tx } from '../../db/client';
import { signingKeys } from '../../db/schema';
import { KEY_RETIREMENT_SECONDS } from './lifetimes';

export type SigningKeyRow = typeof signingKeys.$inferSelect;

const LOCK = sql`select pg_advisory_xact_lock(hashtext('arcadia.signing_keys'))`;

async function newKeyRow(): Promise<typeof signingKeys.$inferInsert> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(privateJwk);
  const meta = { kid, alg: 'RS256', use: 'sig' };
  const { kty, n, e } = privateJwk;
  return {
    kid,
    privateJwk: { ...privateJwk, ...meta },
    publicJwk: { kty, n, e, ...meta },
  };
}

const current = (tx: Tx) =>
  tx
    .select()
    .from(signingKeys)
    .where(isNull(signingKeys.retiredAt))
    .orderBy(desc(signingKeys.createdAt));

/** Creates the first RS256 key unless one is current; several processes may call it at once. */
export async function ensureSigningKey(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(LOCK);
    if ((await current(tx)).length > 0) return;
    await tx.insert(signingKeys).values(await newKeyRow());
  });
}

export interface Rotation {
  current: string;
  retired: string[];
  removed: string[];
}

/**
 * Adds a new current key and retires the previous ones; a retired key stays published until the
 * tokens it signed have expired (remove_after), and keys past that are deleted.
 */
export async function rotateSigningKeys(
  db: Db,
  /** Runs in the rotating transaction (the admin CLI's audit entry). */
  onRotated?: (tx: Tx, rotation: Rotation) => Promise<void>,
): Promise<Rotation> {
  const row = await newKeyRow();
  return db.transaction(async (tx) => {
    await tx.execute(LOCK);
    const removeAfter = sql`now() + make_interval(secs => ${KEY_RETIREMENT_SECONDS})`;
    const retired = await tx
      .update(signingKeys)
      .set({ retiredAt: sql`now()`, removeAfter })
      .where(isNull(signingKeys.retiredAt))
      .returning({ kid: signingKeys.kid });
    const removed = await tx
      .delete(signingKeys)
      .where(lt(signingKeys.removeAfter, sql`now()`))
      .returning({ kid: signingKeys.kid });
    await tx.insert(signingKeys).values(row);
    const rotation = {
      current: row.kid,
      retired: retired.map((r) => r.kid),
      removed: removed.map((r) => r.kid),
    };
    await onRotated?.(tx, rotation);
    return rotation;
  });
}

export async function listSigningKeys(db: Db): Promise<SigningKeyRow[]> {
  return db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt));
}

/**
 * The private keys the provider signs and publishes with: the newest current key first (it
 * signs), then retired keys that are still published (they only verify what they signed).
 */
export async function providerKeys(db: Db): Promise<JWK[]> {
  const rows = await db
    .select()
    .from(signingKeys)
    .where(or(isNull(signingKeys.removeAfter), gt(signingKeys.removeAfter, sql`now()`)))
    .orderBy(sql`${signingKeys.retiredAt} is not null`, desc(signingKeys.createdAt));
  return rows.map((r) => r.privateJwk as JWK);
}
