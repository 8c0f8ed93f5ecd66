#!/usr/bin/env node
// Fails when the Drizzle schema and the committed migrations have drifted apart: drizzle-kit
// generates into a scratch copy of the migrations folder and must find nothing to do.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '../apps/server');
// drizzle-kit wants paths relative to its working directory.
const scratch = fs.mkdtempSync(path.join(server, '.migrations-check-'));
const rel = path.relative(server, scratch);
fs.cpSync(path.join(server, 'src/db/migrations'), scratch, { recursive: true });
const before = fs.readdirSync(scratch).length;
const config = `${scratch}.config.mjs`;
fs.writeFileSync(
  config,
  `export default { dialect: 'postgresql', schema: './src/db/schema/index.ts', out: ${JSON.stringify(`./${rel}`)} };\n`,
);
const res = spawnSync('npx', ['drizzle-kit', 'generate', '--config', config], {
  cwd: server,
  encoding: 'utf8',
});
const after = fs.readdirSync(scratch).length;
fs.rmSync(scratch, { recursive: true, force: true });
fs.rmSync(config, { force: true });
if (res.status !== 0) {
  console.error(res.stdout, res.stderr);
  process.exit(res.status ?? 1);
}
if (after !== before) {
  console.error(
    'The schema has changes without a migration: run `npm run db:generate -- --name <what>`.',
  );
  process.exit(1);
}
console.log('migrations match the schema');
