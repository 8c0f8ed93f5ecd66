import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { UserRole } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from './repository';

/**
 * The role column of a profile (player | staff | admin), for the operator console
 * (features/admin), which owns the rules of who may change it.
 */

/**
 * The registered profile (linked to a sign-in) with this e-mail, compared case-insensitively;
 * undefined when none or several have it.
 */
export async function registeredUserByMail(
  db: Queryable,
  mail: string,
): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(
      and(sql`lower(${users.mail}) = ${mail.trim().toLowerCase()}`, isNotNull(users.identitySub)),
    )
    .limit(2);
  return rows.length === 1 ? rows[0] : undefined;
}

export async function setUserRole(db: Queryable, id: string, role: UserRole): Promise<void> {
  await db.update(users).set({ role }).where(eq(users.id, id));
}

export async function countAdmins(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'admin'));
  return Number(row?.n ?? 0);
}
