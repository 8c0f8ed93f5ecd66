import type { AppEventHandler } from '../../events/map';
import { deleteVisitsOf, forgetRecorder } from './repository';

/** A deleted player's visits go; the visits they recorded for others stay, without them. */
export const forgetVisits: AppEventHandler<'user.deleted'> = async (tx, user) => {
  user.vacuumAfterCommit('visits');
  await forgetRecorder(tx, user.id);
  await deleteVisitsOf(tx, user.id);
};
