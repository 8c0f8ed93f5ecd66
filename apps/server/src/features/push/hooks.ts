import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { friendEvents, type FriendAddedEvent } from '../friends/service';
import { gameIngestHooks, type IngestedGame } from '../games/events';
import { newsPublishedHooks, type PublishedNews } from '../news/events';
import { friendAddedMessage, matchResultMessage, newsMessage } from './messages';
import { enqueue, enqueueEachStatement } from './outbox';

/** Every registered player of a stored game hears about their own result. */
export function notifyMatchResult(game: IngestedGame, whenStored: SQL): SQL | null {
  return enqueueEachStatement(
    'match_result',
    game.players.flatMap(({ userId, won, score, kills, deaths }) =>
      userId
        ? [
            {
              userId,
              message: matchResultMessage({ gameId: game.id, userId, won, score, kills, deaths }),
            },
          ]
        : [],
    ),
    whenStored,
  );
}

export async function notifyFriendAdded(tx: Tx, event: FriendAddedEvent): Promise<void> {
  await enqueue(
    tx,
    'friend_added',
    [event.userId],
    friendAddedMessage(event.friendId, event.userName),
  );
}

export async function notifyNewsPublished(tx: Tx, article: PublishedNews): Promise<void> {
  await enqueue(tx, 'news', 'all-subscribers', newsMessage(article.slug, article.titles));
}

function add<T>(hooks: T[], hook: T) {
  if (!hooks.includes(hook)) hooks.push(hook);
}

/**
 * Plugs the notifications into the transactions that cause them: a stored game, a new friend,
 * a published article. Idempotent (the server and the admin CLI both call it).
 */
export function registerPushHooks(): void {
  add(gameIngestHooks, notifyMatchResult);
  add(friendEvents.inTransaction, notifyFriendAdded);
  add(newsPublishedHooks, notifyNewsPublished);
}
