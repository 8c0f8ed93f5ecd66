import type { AppEventHandler } from '../../events/map';
import { anonymisePlayer, deleteStatsOf } from './repository';

/** The name a deleted player has in the games they played. */
export const DELETED_PLAYER_NAME = 'Deleted player';

/** A deleted player's statistics go; their match records stay for the others, anonymised. */
export const forgetPlayerGames: AppEventHandler<'user.deleted'> = async (tx, user) => {
  user.vacuumAfterCommit('game_players', 'games', 'player_stats', 'player_stats_periods');
  await anonymisePlayer(tx, user.id, DELETED_PLAYER_NAME);
  await deleteStatsOf(tx, user.id);
};
