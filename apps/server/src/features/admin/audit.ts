import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditPage, AuditQuery, AuditTargetType } from '@arcadia/contracts';
import type { Queryable, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';
import { forbidden } from '../../plugins/errors';
import { mayActFor, type Operator } from './access';
import { withNames } from './audit-names';

/** Who made a change: an operator of the console, or the admin CLI (a label, no user). */
export type AuditActor = Operator | { label: string };

export interface AuditChange {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  /** The arcade the change concerns: staff of it may read the entry. */
  arcadeId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit entry in the transaction of the change it records. */
export async function recordAudit(tx: Tx, actor: AuditActor, change: AuditChange): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: 'userId' in actor ? actor.userId : null,
    actorLabel: 'userId' in actor ? actor.userName : actor.label,
    action: change.action,
    targetType: change.targetType,
    targetId: change.targetId,
    arcadeId: change.arcadeId ?? null,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/**
 * A page of the audit log, newest first: everything for an admin, their arcades for staff; each
 * entry with the current names of what it mentions (audit-names.ts).
 */
export async function auditPage(
  db: Queryable,
  operator: Operator,
  query: AuditQuery,
): Promise<AuditPage> {
  if (query.arcade && !mayActFor(operator, query.arcade))
    throw forbidden('You are not staff of this arcade');
  const where: Array<SQL | undefined> = [
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.targetType ? eq(auditLog.targetType, query.targetType) : undefined,
    query.targetId ? eq(auditLog.targetId, query.targetId) : undefined,
    query.actor ? eq(auditLog.actorUserId, query.actor) : undefined,
    query.arcade ? eq(auditLog.arcadeId, query.arcade) : undefined,
    query.from ? gte(auditLog.at, new Date(query.from)) : undefined,
    query.to ? lte(auditLog.at, new Date(query.to)) : undefined,
    query.before ? lt(auditLog.id, query.before) : undefined,
    operator.arcades === null
      ? undefined
      : operator.arcades.length === 0
        ? sql`false`
        : inArray(auditLog.arcadeId, operator.arcades),
  ];
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const entries = await withNames(
    db,
    rows.slice(0, query.limit).map((r) => ({ ...r, at: r.at.toISOString() })),
  );
  return {
    entries,
    next: rows.length > query.limit ? (entries[entries.length - 1]?.id ?? null) : null,
  };
}

/**
 * A deleted player leaves no name in the log: entries they made keep the change but lose the
 * actor, and entries about them lose their id and contents.
 */
export async function anonymiseAudit(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(auditLog)
    .set({ actorUserId: null, actorLabel: 'deleted player' })
    .where(eq(auditLog.actorUserId, userId));
  await tx
    .update(auditLog)
    .set({ targetId: 'deleted', before: null, after: null })
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)));
  // Changes that named them in their contents (a kick from a device) keep no contents.
  await tx
    .update(auditLog)
    .set({ before: null, after: null })
    .where(
      sql`(${auditLog.before}::text like ${`%${userId}%`} or ${auditLog.after}::text like ${`%${userId}%`})`,
    );
}
