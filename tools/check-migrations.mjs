#!/usr/bin/env node
// The database drift check of `npm run db:check` (CI). Fails when
// 1. the Drizzle schema and the committed migrations have drifted apart: drizzle-kit generates
//    into a scratch copy of the migrations folder and must find nothing to do;
// 2. a committed migration changed: its text must match meta/_checksums.json and the commit
//    that added it (the git part is skipped without git history);
// 3. a function or trigger file (apps/server/src/db/functions) and the database built from the
//    migrations disagree (PGlite in-process: the migrations' pg_get_functiondef /
//    pg_get_triggerdef against the files installed on top).
// Options (the tests use them on copies): --migrations <dir>, --functions <dir>, --no-schema
// (skips part 1).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const server = path.resolve(import.meta.dirname, '../apps/server');
const { values } = parseArgs({
  options: {
    migrations: { type: 'string', default: path.join(server, 'src/db/migrations') },
    functions: { type: 'string', default: path.join(server, 'src/db/functions') },
    'no-schema': { type: 'boolean', default: false },
  },
});
const migrationsDir = path.resolve(values.migrations);
const functionsDir = path.resolve(values.functions);

/** Part 1: an empty message when drizzle-kit finds nothing to generate. */
function schemaDrift() {
  // drizzle-kit wants paths relative to its working directory.
  const scratch = fs.mkdtempSync(path.join(server, '.migrations-check-'));
  const rel = path.relative(server, scratch);
  const config = `${scratch}.config.mjs`;
  try {
    fs.cpSync(migrationsDir, scratch, { recursive: true });
    const before = fs.readdirSync(scratch).length;
    fs.writeFileSync(
      config,
      `export default { dialect: 'postgresql', schema: './src/db/schema/index.ts', out: ${JSON.stringify(`./${rel}`)} };\n`,
    );
    const res = spawnSync('npx', ['drizzle-kit', 'generate', '--config', config], {
      cwd: server,
      encoding: 'utf8',
    });
    if (res.status !== 0) return `drizzle-kit generate failed:\n${res.stdout}${res.stderr}`;
    if (fs.readdirSync(scratch).length !== before) {
      return 'The schema has changes without a migration: run `npm run db:generate -- --name <what>`.';
    }
    return '';
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.rmSync(config, { force: true });
  }
}

const problems = [];
if (!values['no-schema']) {
  const drift = schemaDrift();
  if (drift) problems.push(drift);
  else console.log('migrations match the schema');
}

/** @type {typeof import('../apps/server/src/db/migration-tools/check.ts')} */
const { checkDatabaseCode } = await tsImport(
  '../apps/server/src/db/migration-tools/check.ts',
  import.meta.url,
);
const code = await checkDatabaseCode(migrationsDir, functionsDir);
for (const note of code.notes) console.log(`note: ${note}`);
problems.push(...code.problems);
if (problems.length > 0) {
  for (const problem of problems) console.error(`db:check: ${problem}`);
  process.exit(1);
}
console.log('committed migrations unchanged; function files match the migrations');
