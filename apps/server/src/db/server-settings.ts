import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { serverSettings } from './schema';

const PUBLIC_URL = 'public_url';

/**
 * At a server's start: the address players reach it at, for the tools beside it. Written only
 * when it changed, so the workers of one start (each calls this) leave the row alone.
 */
export async function recordPublicUrl(db: Db, url: string): Promise<void> {
  await db
    .insert(serverSettings)
    .values({ name: PUBLIC_URL, value: url })
    .onConflictDoUpdate({
      target: serverSettings.name,
      set: { value: url, updatedAt: sql`now()` },
      setWhere: sql`${serverSettings.value} IS DISTINCT FROM excluded.value`,
    });
}

/** The PUBLIC_URL the last server to start on this database had; null before any did. */
export async function recordedPublicUrl(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ value: serverSettings.value })
    .from(serverSettings)
    .where(eq(serverSettings.name, PUBLIC_URL));
  return row?.value ?? null;
}
