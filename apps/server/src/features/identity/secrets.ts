import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';

const COOKIE_KEYS = 'identity.cookie_keys';

/**
 * Keys that sign the provider's cookies and our form tokens: generated on first start, kept in
 * the database (never in the repository) so every process and every restart agrees on them.
 */
export async function cookieKeys(db: Db): Promise<string[]> {
  await db
    .insert(appSettings)
    .values({ key: COOKIE_KEYS, value: [randomBytes(32).toString('base64url')] })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, COOKIE_KEYS));
  const keys = row?.value;
  if (!Array.isArray(keys) || !keys.every((k): k is string => typeof k === 'string') || !keys[0]) {
    throw new Error(`app_settings ${COOKIE_KEYS} must be a non-empty array of strings`);
  }
  return keys;
}
