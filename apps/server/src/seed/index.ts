import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
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
 * the first start leaves no half demo behind, and the next start seeds it whole.
 */
export async function seedDemoIfEmpty(ctx: SeedContext): Promise<boolean> {
  const seeded = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
    if (Number(row?.n ?? 0) > 0) return false;
    for (const seed of seeders) await seed({ ...ctx, db: tx });
    return true;
  });
  if (seeded) ctx.log.info('seeded demo data');
  return seeded;
}
