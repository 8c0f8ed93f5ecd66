import type { AppEventHandler } from '../../events/map';
import { replaceStaffArcades } from './repository';

/** A deleted player runs no arcade any more. */
export const forgetStaffRoles: AppEventHandler<'user.deleted'> = async (tx, user) => {
  user.vacuumAfterCommit('staff_arcades');
  await replaceStaffArcades(tx, user.id, []);
};
