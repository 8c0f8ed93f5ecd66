import type { AppEventHandler } from '../../events/map';
import { forgetBatchesOf } from './batches';

/** A deleted player's card leaves its batch, and a batch they made forgets who made it. */
export const forgetCardBatches: AppEventHandler<'user.deleted'> = async (tx, user) => {
  user.vacuumAfterCommit('user_card_batch_cards', 'user_card_batches');
  await forgetBatchesOf(tx, user.id);
};
