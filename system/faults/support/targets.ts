import path from 'node:path';
import { openDatabase, type Database } from '../../../apps/server/src/db/client';
import { createFreshDatabase, sharedPostgresUrl } from '../../support/postgres';
import { tempDataDir } from '../../support/server-process';

/** One database a fault scenario runs on: PGlite in a data directory, or a PostgreSQL database. */
export interface Target {
  kind: 'pglite' | 'postgres';
  /** The server process's environment for it. */
  env: Record<string, string>;
  /**
   * Opens it in the test process, migrated (PGlite: only while no server process has it; the
   * data directory lock refuses otherwise).
   */
  open(): Promise<Database>;
  /** Deletes the data directory or drops the database. */
  remove(): Promise<void>;
}

/** A fresh PGlite data directory: DATA_DIR of the server (which keeps PGlite in `pglite/`). */
export function pgliteTarget(): Target {
  const temp = tempDataDir('arcadia-faults-');
  const { dir } = temp;
  return {
    kind: 'pglite',
    env: { DATA_DIR: dir },
    open: async () => {
      const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
      await database.migrate();
      return database;
    },
    remove: async () => temp.remove(),
  };
}

/** A fresh database with a random name on the server at `adminUrl`, dropped by remove(). */
export async function postgresTarget(adminUrl: string): Promise<Target> {
  const fresh = await createFreshDatabase(adminUrl);
  const temp = tempDataDir('arcadia-faults-');
  const { dir } = temp;
  return {
    kind: 'postgres',
    // One process, as on PGlite (WORKERS would default to the cores: a cluster, whose primary
    // and workers are tested apart). A data directory of its own all the same (mail outbox,
    // image cache), not ./data.
    env: { DATABASE_URL: fresh.url, DATA_DIR: dir, WORKERS: '1' },
    open: async () => {
      const database = await openDatabase({ url: fresh.url, poolSize: 4 });
      await database.migrate();
      return database;
    },
    remove: async () => {
      temp.remove();
      await fresh.drop();
    },
  };
}

/** The databases every scenario runs on: PGlite, and PostgreSQL when TEST_DATABASE_URL is set. */
export const targetKinds = [
  { kind: 'pglite' as const, skip: false },
  { kind: 'postgres' as const, skip: !sharedPostgresUrl },
];

export function createTarget(kind: Target['kind']): Promise<Target> | Target {
  if (kind === 'pglite') return pgliteTarget();
  if (!sharedPostgresUrl) throw new Error('no TEST_DATABASE_URL');
  return postgresTarget(sharedPostgresUrl);
}

/** The scenario's name with its database, for test titles. */
export const label = (kind: Target['kind']) => (kind === 'pglite' ? 'PGlite' : 'PostgreSQL');
