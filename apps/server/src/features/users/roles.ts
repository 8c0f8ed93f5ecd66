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
 * The registered profile (linked to a sign-in) with this PROVEN e-mail, compared
 * case-insensitively; undefined when none or several have it. Proven as the profile page says
 * (users/presenter.ts `mailVerified`): a link mailed to it was followed (mail_verified_at), or it is
 * the verified e-mail of the player's embedded-provider account. A profile's address is typed in
 * at registration and checked by no one, so an unproven one would let anybody who registers with
 * the operator's address be made the first admin, or block the operator's own grant.
 */
export async function registeredUserByMail(
  db: Queryable,
  mail: string,
): Promise<UserRow | undefined> {
  const wanted = mail.trim().toLowerCase();
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.mail}) = ${wanted}`,
        isNotNull(users.identitySub),
        sql`(${users.mailVerifiedAt} is not null or exists (
              select 1 from accounts a
              where a.id::text = ${users.identitySub} and a.email_verified and a.email = ${wanted}))`,
      ),
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

/**
 * Role changes wait for each other: two admins demoting each other at once would otherwise both
 * see a second admin, and two bootstrap calls would both see none. An admin deleting their own
 * profile takes it too.
 */
export const lockRoleChanges = (tx: Queryable) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('arcadia.user_roles'))`);
