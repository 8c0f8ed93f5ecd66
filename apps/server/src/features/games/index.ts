/** The games feature as other features see it: ingest, the catalogue, periods and history. */
export { ingestDeviceReport, ingestGame } from './ingest';
export { ingestWaiting } from './ingest-queue';
export { ALL_TIME_START, periodStart } from './periods';
export { DELETED_PLAYER_NAME, removeShareImagesOf } from './events';
export { renamePlayerInGames } from './repository';
export { matchImagesDir } from './share/cache';
export {
  historyAndStatistics,
  historyJson,
  operatorHistoryAndStatistics,
  summarize,
  totalsJson,
  type Totals,
} from './history';
export { allMaps, createMap, insertMap, mapById, updateMap } from './catalogue';
export {
  allApplications,
  applicationById,
  applicationExists,
  createApplication,
  createMode,
  updateApplication,
  updateMode,
} from './applications';
export { findMatch, matchById } from './match';
export { resultLine } from './share/image';
export { matchPageMeta } from './share/meta';
export { giveGuestSlot, type GiveSlotRefusal, type GiveSlotResult } from './assign-slot';
