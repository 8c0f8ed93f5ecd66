/** The push feature as other features see it: the outbox backlog and the worker's settings. */
export {
  deleteFriendDeliveriesNaming,
  dropPendingOf,
  enqueueEachStatement,
  outboxBacklog,
  type OutboxBacklog,
} from './outbox';
export { pushWorkerOf } from './routes';
export { DEFAULT_PUSH_WORKER_OPTIONS } from './worker';
export {
  FRIEND_ADDED_REPEAT_HOURS,
  friendAddedMessage,
  matchResultMessage,
  matchResultMessages,
  matchResultTag,
  newsMessage,
  type Localized,
} from './messages';
