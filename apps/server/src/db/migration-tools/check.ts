import { checkCommittedMigrations } from './committed-migrations';
import { functionDrift } from './function-drift';

export interface DatabaseCodeCheck {
  /** What is wrong, one sentence each; empty when all is well. */
  problems: string[];
  /** What was not checked and why. */
  notes: string[];
}

/**
 * The checks of `npm run db:check` beyond drizzle-kit's schema drift (tools/check-migrations.mjs):
 * no committed migration changed (checksums and git), and the function files are what the
 * migrations install (both built in PGlite).
 */
export async function checkDatabaseCode(
  migrationsDir: string,
  functionsDir: string,
): Promise<DatabaseCodeCheck> {
  const { problems, notes } = checkCommittedMigrations(migrationsDir);
  try {
    const drift = await functionDrift(migrationsDir, functionsDir);
    if (drift.length > 0) {
      problems.push(
        'The function files (apps/server/src/db/functions) and the database built from the ' +
          'migrations disagree; write the migration with `npm run db:functions` (apps/server):\n' +
          drift.map((d) => `  - ${d}`).join('\n'),
      );
    }
  } catch (error) {
    problems.push(`The function files could not be compared: ${(error as Error).message}`);
  }
  return { problems, notes };
}
