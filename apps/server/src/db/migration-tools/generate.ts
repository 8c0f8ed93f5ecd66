/**
 * `npm run db:functions` (apps/server): when a function file (src/db/functions) differs from
 * what the migrations install, writes the next migration that installs the files' definitions
 * (journal entry and snapshot included), then records the checksums of new migrations.
 *   --name <name>   the migration's name (default: functions)
 *   --all           install every function and trigger of the files, changed or not
 *   --migrations <dir>, --functions <dir>   other folders (the tests' copies)
 */
import { parseArgs } from 'node:util';
import { recordChecksums } from './committed-migrations';
import { functionMigration } from './function-drift';
import { writeNextMigration } from './journal';
import { FUNCTIONS_DIR, MIGRATIONS_DIR } from './paths';

const { values } = parseArgs({
  options: {
    name: { type: 'string', default: 'functions' },
    all: { type: 'boolean', default: false },
    migrations: { type: 'string', default: MIGRATIONS_DIR },
    functions: { type: 'string', default: FUNCTIONS_DIR },
  },
});

const migration = await functionMigration(values.migrations, values.functions, values.all);
if (migration.sql === undefined) {
  console.log('The migrations install the function files as they are: no migration written.');
} else {
  const file = writeNextMigration(values.migrations, values.name, migration.sql);
  console.log(`Wrote ${file}:\n${migration.summary.map((l) => `  ${l}`).join('\n')}`);
}
for (const file of recordChecksums(values.migrations))
  console.log(`Recorded the checksum of ${file}`);
