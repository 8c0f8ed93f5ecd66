import type { AdminContext } from '../../src/admin/command';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/client';

/**
 * The context the admin CLI builds, on a test database: PGlite unless a PostgreSQL URL is given.
 * Printed lines are collected into `lines`.
 */
export function adminContext(db: Db, url: string | undefined, lines: string[] = []): AdminContext {
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'true' };
  return {
    db,
    config: loadConfig(url ? { ...env, DATABASE_URL: url } : env),
    out: (line) => lines.push(line),
  };
}
