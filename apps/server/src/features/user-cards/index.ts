/** The user-cards feature as other features see it. */
export { createUnclaimedProfile } from './service';
export {
  cardBatchDetail,
  cardBatchPage,
  insertCardBatch,
  issueSheetSecrets,
  type IssuedSheet,
} from './batches';
