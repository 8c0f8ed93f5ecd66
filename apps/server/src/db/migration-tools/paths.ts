import path from 'node:path';

/** The committed migrations (drizzle-kit's out folder) and the function files. */
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../migrations');
export const FUNCTIONS_DIR = path.resolve(import.meta.dirname, '../functions');
