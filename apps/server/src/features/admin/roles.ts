import type { RoleChange, UserRole } from '@arcadia/contracts';
import type { Db, Queryable } from '../../db/client';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { arcadeExists } from '../arcades';
import {
  countAdmins,
  lockRoleChanges,
  registeredUserByMail,
  setUserRole,
  userById,
} from '../users';

export { lockRoleChanges };
import { recordAudit, type AuditActor } from './audit';
import { replaceStaffArcades, staffArcadesOf } from './repository';

export interface RoleAnswer {
  userId: string;
  userName: string;
  role: UserRole;
  arcades: string[];
}

/**
 * Gives a user a role (staff: for the listed arcades), audited, in one transaction. The last
 * admin cannot be demoted (409 last_admin): someone must be able to grant roles.
 */
export async function changeRole(
  db: Queryable,
  actor: AuditActor,
  userId: string,
  change: RoleChange,
): Promise<RoleAnswer> {
  const arcades = change.role === 'staff' ? [...new Set(change.arcades ?? [])].sort() : [];
  return db.transaction(async (tx) => {
    await lockRoleChanges(tx);
    const user = await userById(tx, userId);
    const missing: string[] = [];
    for (const id of arcades) if (!(await arcadeExists(tx, id))) missing.push(id);
    if (missing.length > 0)
      throw badRequest(
        `No arcade ${missing.map((m) => `"${m}"`).join(', ')}`,
        missing.map((m) => ({ path: 'arcades', message: `No arcade "${m}"` })),
      );
    const before = { role: user.role, arcades: await staffArcadesOf(tx, user.id) };
    if (user.role === 'admin' && change.role !== 'admin' && (await countAdmins(tx)) <= 1)
      throw new AppError(
        409,
        'last_admin',
        'The last admin cannot lose the role: make another admin first',
      );
    await setUserRole(tx, user.id, change.role);
    await replaceStaffArcades(tx, user.id, arcades);
    const after = { role: change.role, arcades };
    await recordAudit(tx, actor, {
      action: 'user.role',
      targetType: 'user',
      targetId: user.id,
      before,
      after,
    });
    return { userId: user.id, userName: user.userName, ...after };
  });
}

/** The registered account with this e-mail, or 404 naming what to do. */
export async function userIdByMail(db: Db, email: string): Promise<string> {
  const user = await registeredUserByMail(db, email);
  if (!user)
    throw notFound(
      `No single registered account has the proven e-mail "${email}": sign in, register, and ` +
        'confirm the address (the link of the verification mail)',
    );
  return user.id;
}
