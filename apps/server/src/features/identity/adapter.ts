import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db, Queryable } from '../../db/client';
import { oidcModels } from '../../db/schema';

/** Models whose rows are revoked together when a grant is revoked (refresh token reuse, logout). */
const GRANTABLE = [
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'Grant',
];

const notExpired = () => or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, sql`now()`));

/** A single-use model (a code, a rotated refresh token) consumed by two requests at once. */
export class ConsumedTwice extends Error {
  constructor(
    readonly model: string,
    readonly grantId: string | undefined,
  ) {
    super(`${model} already used`);
  }
}

/**
 * oidc-provider's storage: every model (Session, Interaction, Grant, AuthorizationCode,
 * RefreshToken, ...) is a row of `oidc_models`, so any number of server processes share them.
 * Expired rows are never returned and are removed by `removeExpiredModels`.
 */
export function databaseAdapter(db: Db): (model: string) => Adapter {
  return (model) => {
    const findBy = async (column: 'id' | 'uid' | 'userCode', value: string) => {
      // A NUL (from a form the provider parsed itself) is in no stored id; PostgreSQL would fail.
      if (value.includes('\u0000')) return undefined;
      const [row] = await db
        .select({ payload: oidcModels.payload, consumedAt: oidcModels.consumedAt })
        .from(oidcModels)
        .where(and(eq(oidcModels.model, model), eq(oidcModels[column], value), notExpired()))
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt
        ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
        : payload;
    };
    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          model,
          id,
          payload,
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        };
        await db
          .insert(oidcModels)
          .values(values)
          .onConflictDoUpdate({
            target: [oidcModels.model, oidcModels.id],
            set: {
              payload: values.payload,
              grantId: values.grantId,
              userCode: values.userCode,
              uid: values.uid,
              expiresAt: values.expiresAt,
            },
          });
      },
      find: (id) => findBy('id', id),
      findByUid: (uid) => findBy('uid', uid),
      findByUserCode: (userCode) => findBy('userCode', userCode),
      async consume(id) {
        // The provider finds a code or refresh token, sees it unconsumed, then consumes it: two
        // requests with one token at once would both pass that check. Only the first to mark it
        // consumed goes on; the other is told it was used twice (ConsumedTwice).
        const [row] = await db
          .update(oidcModels)
          .set({ consumedAt: sql`now()` })
          .where(
            and(eq(oidcModels.model, model), eq(oidcModels.id, id), isNull(oidcModels.consumedAt)),
          )
          .returning({ id: oidcModels.id });
        if (!row) {
          const [spent] = await db
            .select({ grantId: oidcModels.grantId })
            .from(oidcModels)
            .where(and(eq(oidcModels.model, model), eq(oidcModels.id, id)))
            .limit(1);
          throw new ConsumedTwice(model, spent?.grantId ?? undefined);
        }
      },
      async destroy(id) {
        await db.delete(oidcModels).where(and(eq(oidcModels.model, model), eq(oidcModels.id, id)));
      },
      async revokeByGrantId(grantId) {
        // The provider calls this once per model; the first call removes the whole chain.
        await deleteGrantChain(db, grantId);
      },
    };
  };
}

/** A grant with every code and token issued under it (its refresh tokens too). */
export async function deleteGrantChain(db: Queryable, grantId: string): Promise<void> {
  await db
    .delete(oidcModels)
    .where(and(eq(oidcModels.grantId, grantId), inArray(oidcModels.model, GRANTABLE)));
  await db.delete(oidcModels).where(and(eq(oidcModels.model, 'Grant'), eq(oidcModels.id, grantId)));
}

/** Deletes expired models; returns how many. Safe to run from several processes at once. */
export async function removeExpiredModels(db: Db): Promise<number> {
  const removed = await db
    .delete(oidcModels)
    .where(lt(oidcModels.expiresAt, sql`now()`))
    .returning({ id: oidcModels.id });
  return removed.length;
}
