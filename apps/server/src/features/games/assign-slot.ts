import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { gamePlayers, games, users } from '../../db/schema';
import type { AppEventBus, AssignedSlot } from '../../events/map';
import { signalGamePlayers } from '../../events/live-signal';
import { lockGameRatings, recomputeRatings } from '../ratings';

/** Why a guest's slot could not be given; each caller answers it in its own words. */
export type GiveSlotRefusal =
  'no_game' | 'voided' | 'no_slot' | 'not_guest' | 'no_player' | 'in_game';

export type GiveSlotResult =
  { given: true; slotName: string; userName: string } | { given: false; refusal: GiveSlotRefusal };

/**
 * Gives a guest's slot of a stored game to a registered player, in the caller's transaction:
 * the operator console (features/admin/games.ts) and a claim code (features/claims) both come
 * here. Takes the game row first (a void or another assignment of this game waits for the
 * commit), checks that the game is not voided, the slot is a guest's (no user, not anonymised)
 * and the player exists and is not in the game yet; then the slot becomes theirs and counts in
 * their statistics and ranks (arcadia_assign_game_slot) and their skill rating (replayed from
 * this game on), their apps hear of it (live signal), and 'game.slot.assigned' is emitted in
 * the transaction — the hook for whatever else follows a result (achievements). Nothing is
 * written when refused.
 */
export async function giveGuestSlot(
  tx: Tx,
  events: AppEventBus,
  input: AssignedSlot & { arcadeId?: string },
): Promise<GiveSlotResult> {
  const { gameId, slotId, userId } = input;
  const refuse = (refusal: GiveSlotRefusal): GiveSlotResult => ({ given: false, refusal });
  const [game] = await tx
    .select({ voidedAt: games.voidedAt })
    .from(games)
    .where(
      input.arcadeId
        ? and(eq(games.id, gameId), eq(games.arcadeId, input.arcadeId))
        : eq(games.id, gameId),
    )
    .for('update');
  if (!game) return refuse('no_game');
  if (game.voidedAt) return refuse('voided');
  const [slot] = await tx
    .select()
    .from(gamePlayers)
    .where(and(eq(gamePlayers.id, slotId), eq(gamePlayers.gameId, gameId)));
  if (!slot) return refuse('no_slot');
  if (slot.userId !== null || slot.anonymised) return refuse('not_guest');
  const [user] = await tx
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return refuse('no_player');
  const [already] = await tx
    .select({ id: gamePlayers.id })
    .from(gamePlayers)
    .where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.userId, userId)));
  if (already) return refuse('in_game');
  // The player's rating row before their statistics, as ingest takes them.
  await lockGameRatings(tx, gameId, [userId]);
  await tx.execute(sql`select arcadia_assign_game_slot(${slotId}, ${userId})`);
  // The result counts in their rating too: replayed from this game on.
  await recomputeRatings(tx, gameId, [userId]);
  await signalGamePlayers(tx, gameId);
  await events.emit('game.slot.assigned', tx, { gameId, slotId, userId, via: input.via });
  return { given: true, slotName: slot.name, userName: user.userName };
}
