import type { AdminContext } from '../../src/admin/command';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/client';
import { featureEvents } from '../../src/features/events';

/**
 * The context the admin CLI builds, on a test database: PGlite unless a PostgreSQL URL is given.
 * Printed lines are collected into `lines`.
 */
export function adminContext(db: Db, url: string | undefined, lines: string[] = []): AdminContext {
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'true' };
  const config = loadConfig(url ? { ...env, DATABASE_URL: url } : env);
  return { db, config, events: featureEvents(config), out: (line) => lines.push(line) };
}
