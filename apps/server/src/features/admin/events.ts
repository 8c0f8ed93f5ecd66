import type { AppEventHandler } from '../../events/map';
import { anonymiseAudit } from './audit';
import { replaceStaffArcades } from './repository';

/** A deleted player runs no arcade any more, and the audit log keeps no trace of who they were. */
export const forgetStaffRoles: AppEventHandler<'user.deleted'> = async (tx, user) => {
  user.vacuumAfterCommit('staff_arcades', 'audit_log');
  await replaceStaffArcades(tx, user.id, []);
  await anonymiseAudit(tx, user.id);
};
