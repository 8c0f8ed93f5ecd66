/**
 * `npm run db:generate` (apps/server): drizzle-kit generate with the given arguments, then the
 * checksums of the new migrations (meta/_checksums.json, checked by `npm run db:check`).
 */
import { spawnSync } from 'node:child_process';
import { recordChecksums } from './committed-migrations';
import { MIGRATIONS_DIR } from './paths';

const res = spawnSync('drizzle-kit', ['generate', ...process.argv.slice(2)], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
if (res.status !== 0) process.exit(res.status ?? 1);
for (const file of recordChecksums(MIGRATIONS_DIR)) console.log(`Recorded the checksum of ${file}`);
