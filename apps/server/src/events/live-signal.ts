import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { livePlayReasonSchema } from '@arcadia/contracts';
import type { Queryable } from '../db/client';
import { LIVE_CHANNEL } from './live-channel';

/** A hint: who (u; null: every player) and what changed. Short keys: NOTIFY carries < 8000 bytes. */
export const liveHintSchema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('play'),
    u: z.string(),
    r: livePlayReasonSchema,
    a: z.string().nullish(),
    d: z.string().nullish(),
  }),
  z.object({
    t: z.literal('game'),
    u: z.string(),
    g: z.string(),
    app: z.string(),
    a: z.string().nullish(),
    d: z.string().nullish(),
  }),
  z.object({ t: z.literal('notifications'), u: z.string().nullable() }),
]);
export type LiveHint = z.infer<typeof liveHintSchema>;

/** Sends each hint (delivered when the transaction, if any, commits). */
export async function signalLive(db: Queryable, hints: LiveHint[]): Promise<void> {
  if (hints.length === 0) return;
  await db.execute(
    sql`select pg_notify(${LIVE_CHANNEL}, v.h)
          from (values ${sql.join(
            hints.map((h) => sql`(${JSON.stringify(h)}::text)`),
            sql`, `,
          )}) as v(h)`,
  );
}

/** Tells every player on the device that its play state changed (a match started or ended). */
export async function signalDevicePlayers(
  db: Queryable,
  arcade: string,
  id: string,
  reason: z.infer<typeof livePlayReasonSchema>,
): Promise<void> {
  await signalPlayersWhere(db, reason, sql`arcade_id = ${arcade} and device_id = ${id}`);
}

/** Tells every player on one of the arcade's devices that their play state changed (renamed). */
export async function signalArcadePlayers(
  db: Queryable,
  arcade: string,
  reason: z.infer<typeof livePlayReasonSchema>,
): Promise<void> {
  await signalPlayersWhere(db, reason, sql`arcade_id = ${arcade}`);
}

async function signalPlayersWhere(
  db: Queryable,
  reason: z.infer<typeof livePlayReasonSchema>,
  where: SQL,
): Promise<void> {
  await db.execute(sql`
    select pg_notify(${LIVE_CHANNEL},
                     json_build_object('t', 'play', 'u', user_id, 'r', ${reason}::text,
                                       'a', arcade_id, 'd', device_id)::text)
      from device_players
     where ${where}`);
}

/**
 * Tells the registered players of a game that it changed after it was stored (an operator voided
 * it or gave a guest's result to a player): their apps reload what the game counts in. No device
 * is named, so no play page reads it as the end of a match.
 */
export async function signalGamePlayers(db: Queryable, gameId: string): Promise<void> {
  await db.execute(sql`
    select pg_notify(${LIVE_CHANNEL},
                     json_build_object('t', 'game', 'u', p.user_id, 'g', g.id::text,
                                       'app', g.application_id)::text)
      from game_players p
      join games g on g.id = p.game_id
     where g.id = ${gameId} and p.user_id is not null`);
}
