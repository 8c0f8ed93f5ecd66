import type { Queryable } from '../../db/client';
import type { AppEventHandler } from '../../events/map';
import { anonymisePlayer, deleteStatsOf, gameIdsOf } from './repository';
import { removeMatchImages } from './share/cache';

/** The name a deleted player has in the games they played. */
export const DELETED_PLAYER_NAME = 'Deleted player';

/** A deleted player's statistics go; their match records stay for the others, anonymised. */
export const forgetPlayerGames: AppEventHandler<'user.deleted'> = async (tx, user) => {
  user.vacuumAfterCommit('game_players', 'games', 'player_stats', 'player_stats_periods');
  await anonymisePlayer(tx, user.id, DELETED_PLAYER_NAME);
  await deleteStatsOf(tx, user.id);
};

/**
 * The share images that show a deleted player's name leave the disk once the deletion
 * committed (the next view renders the anonymised game). Runs before forgetPlayerGames, while
 * the player's rows still name them.
 */
export function forgetShareImages(dir: string): AppEventHandler<'user.deleted'> {
  return async (tx, user) => {
    const ids = new Set(await gameIdsOf(tx, user.id));
    if (ids.size === 0) return;
    user.afterCommit(() => removeMatchImages(dir, ids));
  };
}

/**
 * The share images of every game the player played leave the disk: their profile's visibility
 * changed, so an image may show a name that is now hidden (or 'Spieler' where the name is now
 * shown). The next view renders the game anew (the cache key hashes what the image shows).
 */
export async function removeShareImagesOf(
  db: Queryable,
  dir: string,
  userId: string,
): Promise<void> {
  const ids = new Set(await gameIdsOf(db, userId));
  if (ids.size > 0) await removeMatchImages(dir, ids);
}
