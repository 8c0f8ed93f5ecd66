import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SETTING = 'vapid';
const storedSchema = z.object({ publicKey: z.string(), privateKey: z.string() });

/** Throws (naming the variable) when configured keys are not a P-256 key pair in base64url. */
function checked(keys: VapidKeys, source: string): VapidKeys {
  try {
    webpush.getVapidHeaders(
      'https://push.example',
      'mailto:check@arcadia.local',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
  } catch (error) {
    throw new Error(`${source}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return keys;
}

/**
 * The VAPID key pair (RFC 8292): VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when configured, else the
 * pair generated on the first start and kept in app_settings. Processes starting together agree
 * on one pair: the first insert wins and everyone reads it back.
 */
export async function vapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  if (config.vapid) return checked(config.vapid, 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY');
  const read = async () => {
    const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SETTING));
    return row ? storedSchema.parse(row.value) : undefined;
  };
  const existing = await read();
  if (existing) return checked(existing, 'app_settings.vapid');
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(appSettings)
    .values({ key: SETTING, value: generated })
    .onConflictDoNothing({ target: appSettings.key });
  return checked((await read())!, 'app_settings.vapid');
}
