import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { LEADERBOARD_KD_MIN_GAMES } from '@arcadia/contracts';
import {
  checkCommittedMigrations,
  recordChecksums,
} from '../apps/server/src/db/migration-tools/committed-migrations';
import {
  readFunctionFiles,
  renderPlaceholders,
} from '../apps/server/src/db/migration-tools/function-files';

const root = path.resolve(import.meta.dirname, '..');
const db = path.join(root, 'apps/server/src/db');
const run = promisify(execFile);

/** `npm run db:check`'s script on copies (without drizzle-kit's schema part). */
async function check(dirs: Dirs) {
  const args = ['tools/check-migrations.mjs', '--no-schema', '--migrations', dirs.migrations];
  try {
    const res = await run(process.execPath, [...args, '--functions', dirs.functions], {
      cwd: root,
    });
    return { code: 0, out: res.stdout + res.stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** `npm run db:functions` on copies. */
async function generate(dirs: Dirs, name: string) {
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  const script = path.join(db, 'migration-tools/generate.ts');
  const args = ['--migrations', dirs.migrations, '--functions', dirs.functions, '--name', name];
  const res = await run(process.execPath, [tsx, script, ...args], { cwd: root });
  return res.stdout;
}

interface Dirs {
  migrations: string;
  functions: string;
}

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The committed migrations and the function files, copied to a temporary folder. */
function copies(): Dirs {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-migrations-'));
  temps.push(dir);
  const dirs = { migrations: path.join(dir, 'migrations'), functions: path.join(dir, 'functions') };
  fs.cpSync(path.join(db, 'migrations'), dirs.migrations, { recursive: true });
  fs.cpSync(path.join(db, 'functions'), dirs.functions, { recursive: true });
  return dirs;
}

function edit(file: string, from: string | RegExp, to: string) {
  const text = fs.readFileSync(file, 'utf8');
  const edited = text.replace(from, to);
  expect(edited).not.toBe(text);
  fs.writeFileSync(file, edited);
}

describe('function files', () => {
  it('render every placeholder from the contracts constants', () => {
    const objects = readFunctionFiles(path.join(db, 'functions'));
    expect(objects.filter((o) => o.sql.includes('{{'))).toEqual([]);
    const metric = objects.find((o) => o.name === 'arcadia_rank_metric_buckets');
    expect(metric?.sql).toContain(`games_played >= ${LEADERBOARD_KD_MIN_GAMES}`);
    expect(() => renderPlaceholders('select {{NO_SUCH_RULE}}', 'x.sql')).toThrow(
      'x.sql: unknown placeholder {{NO_SUCH_RULE}}',
    );
  });
});

// The check builds its databases in PGlite whatever TEST_DB says: once is enough.
describe.skipIf(process.env.TEST_DB === 'postgres')('npm run db:check', () => {
  it('fails when a committed migration was edited', { timeout: 180_000 }, async () => {
    const dirs = copies();
    edit(path.join(dirs.migrations, '0007_arcade_ingest_function.sql'), "'AR002'", "'AR009'");

    const res = await check(dirs);
    expect(res.code).toBe(1);
    expect(res.out).toContain(
      'db:check: 0007_arcade_ingest_function.sql changed after it was committed',
    );
    expect(res.out).toContain('Restore it and put the change in a new migration.');
  });

  it(
    'fails when a function file changed, until the generator ran',
    { timeout: 300_000 },
    async () => {
      const dirs = copies();
      edit(
        path.join(dirs.functions, 'rank-bucket-start.sql'),
        'generate_series(-3, 3)',
        'generate_series(-4, 4)',
      );

      const before = await check(dirs);
      expect(before.code).toBe(1);
      expect(before.out).toContain(
        'function arcadia_rank_bucket_start(integer) (rank-bucket-start.sql): ' +
          "the file's definition differs from the migrations' one",
      );
      expect(before.out).toContain('`npm run db:functions`');

      expect(await generate(dirs, 'wider_bucket_start')).toContain(
        'replace function arcadia_rank_bucket_start (rank-bucket-start.sql)',
      );
      const journal = JSON.parse(
        fs.readFileSync(path.join(dirs.migrations, 'meta/_journal.json'), 'utf8'),
      );
      const written = journal.entries.at(-1).tag as string;
      expect(written).toMatch(/^\d{4}_wider_bucket_start$/);
      const sql = fs.readFileSync(path.join(dirs.migrations, `${written}.sql`), 'utf8');
      expect(sql).toContain('generate_series(-4, 4)');
      expect(sql).not.toContain('arcadia_ingest_game(');

      const after = await check(dirs);
      expect(after.out).toContain('function files match the migrations');
      expect(after.code).toBe(0);
    },
  );
});

describe('committed migrations and git', () => {
  it('fails when a committed migration differs from its first commit, checksum or not', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-migrations-git-'));
    temps.push(dir);
    const migrations = path.join(dir, 'migrations');
    fs.cpSync(path.join(db, 'migrations'), migrations, { recursive: true });
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], {
        cwd: dir,
        stdio: 'pipe',
      });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'migrations');
    expect(checkCommittedMigrations(migrations).problems).toEqual([]);

    // Edited and its checksum dropped: the recorder takes the new text of a committed migration
    // only when it has none, and git still has the committed one.
    const file = path.join(migrations, '0009_arcade_rank_bucket_group_triggers.sql');
    fs.appendFileSync(file, '\n-- an afterthought\n');
    const manifest = path.join(migrations, 'meta/_checksums.json');
    const sums = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    delete sums['0009_arcade_rank_bucket_group_triggers.sql'];
    fs.writeFileSync(manifest, JSON.stringify(sums));
    recordChecksums(migrations);

    const { problems } = checkCommittedMigrations(migrations);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^0009_arcade_rank_bucket_group_triggers\.sql differs from the text committed in [0-9a-f]{9}\./,
    );
  });
});
