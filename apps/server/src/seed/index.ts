import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { seedArcade } from './arcade';
import { seedNews } from './news';
import { seedPlayers } from './players';

export interface SeedContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

/** Demo seeders in order; each feature that has demo content adds one. Invented data only. */
const seeders: Array<(ctx: SeedContext) => Promise<void>> = [seedPlayers, seedArcade, seedNews];

/**
 * Seeds the demo data once, on an empty database, in one transaction: a process killed during
 * the first start leaves no half demo behind, and the next start seeds it whole. Empty means no
 * player, arcade, device or news: a venue that set up its arcade and devices with the admin
 * commands before the first start gets no invented players and games in its database (and the
 * demo arcade's id, taken already, would stop every start).
 */
export async function seedDemoIfEmpty(ctx: SeedContext): Promise<boolean> {
  const seeded = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ used: boolean }>(sql`
      select exists (select 1 from users) or exists (select 1 from arcades)
          or exists (select 1 from devices) or exists (select 1 from news) as used`);
    if (rows[0]?.used) return false;
    for (const seed of seeders) await seed({ ...ctx, db: tx });
    return true;
  });
  if (seeded) ctx.log.info('seeded demo data');
  return seeded;
}
