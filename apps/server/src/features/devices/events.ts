import type { AppEventHandler } from '../../events/map';
import { deleteSeatOf } from './repository';

/**
 * A deleted player leaves the device they joined. As the cascade before it, this neither bumps
 * the roster version nor wakes the device.
 */
export const forgetSeat: AppEventHandler<'user.deleted'> = async (tx, user) => {
  user.vacuumAfterCommit('device_players');
  await deleteSeatOf(tx, user.id);
};
