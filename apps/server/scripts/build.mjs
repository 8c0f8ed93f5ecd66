#!/usr/bin/env node
// Builds the server into dist/: one ESM bundle per entry (the listener, the admin CLI, the
// migration command) with shared chunks, the workspace packages (@arcadia/*) compiled in and
// every npm package left to node_modules, so a production install needs only the runtime
// dependencies. The migrations are copied beside the bundles (db/client.ts reads them from there).
// Skips the build when no input changed since the last one (`--force` builds anyway).
import fs from 'node:fs';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(serverDir, '../..');
const outdir = path.join(serverDir, 'dist');
const stampFile = path.join(outdir, '.build-inputs.json');
const entryPoints = {
  server: 'src/server.ts',
  cli: 'src/admin/cli.ts',
  migrate: 'src/migrate.ts',
};
const migrations = path.join(serverDir, 'src/db/migrations');

/** The inputs of the last build with their modification times, or undefined. */
function lastInputs() {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return undefined;
  }
}

function filesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

function mtimes(files) {
  return Object.fromEntries(
    files.map((f) => [f, fs.statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? -1]),
  );
}

function upToDate() {
  const last = lastInputs();
  if (!last || !fs.existsSync(migrations)) return false;
  // A new file anywhere in a source folder changes nothing until something imports it, and an
  // import means an edited (so newer) file: comparing the recorded inputs is enough.
  // Recorded relative to the repository (a moved or copied checkout is still up to date); an
  // older stamp's absolute paths resolve to themselves.
  const now = mtimes(Object.keys(last.inputs).map((f) => path.resolve(repoRoot, f)));
  const migrationFiles = filesUnder(migrations);
  return (
    Object.entries(last.inputs).every(([f, m]) => now[path.resolve(repoRoot, f)] === m) &&
    migrationFiles.length === last.migrations &&
    Object.values(mtimes(migrationFiles)).every((m) => m <= last.builtAt) &&
    Object.keys(entryPoints).every((name) => fs.existsSync(path.join(outdir, `${name}.mjs`)))
  );
}

const quiet = process.argv.includes('--quiet');
if (!process.argv.includes('--force') && upToDate()) {
  if (!quiet) console.log('[build] server is up to date');
  process.exit(0);
}
// `npm run admin`: an operator command beside a running server must not swap the build it runs
// from (its workers restarted later would run other code than the primary). A built server is
// used as it is; only a missing one is built.
if (
  process.argv.includes('--keep-built') &&
  Object.keys(entryPoints).every((name) => fs.existsSync(path.join(outdir, `${name}.mjs`)))
) {
  if (fs.existsSync(path.join(serverDir, 'src')))
    console.error(
      '[build] apps/server/dist is older than the sources; this command runs the built one ' +
        '(`npm run build` rebuilds it; restart the server after)',
    );
  process.exit(0);
}
// A production image has the built server and no sources or build tools: use what is there.
const built = fs.existsSync(path.join(outdir, 'server.mjs'));
if (built && !fs.existsSync(path.join(serverDir, 'src'))) process.exit(0);
const esbuild = await import('esbuild');

const started = Date.now();
// Built beside dist/ and swapped in at the end: servers running from dist/ (a worker restarted
// while `npm run migrate` or an admin command rebuilds) never find it half-written or gone.
const nextDir = `${outdir}.next-${process.pid}`;
fs.rmSync(nextDir, { recursive: true, force: true });
const result = await esbuild.build({
  absWorkingDir: serverDir,
  entryPoints,
  outdir: nextDir,
  outExtension: { '.js': '.mjs' },
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  plugins: [
    {
      // npm packages stay external; our own workspace packages are TypeScript source and are
      // compiled into the bundle.
      name: 'externals',
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@arcadia/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
fs.cpSync(migrations, path.join(nextDir, 'migrations'), { recursive: true });
// The printouts' fonts (features/print/fonts.ts reads them beside its module, so beside the bundles).
fs.cpSync(path.join(serverDir, 'src/features/print/fonts'), path.join(nextDir, 'fonts'), {
  recursive: true,
});
const inputs = Object.keys(result.metafile.inputs).map((f) => path.resolve(serverDir, f));
fs.writeFileSync(
  path.join(nextDir, path.basename(stampFile)),
  JSON.stringify({
    builtAt: Date.now(),
    migrations: filesUnder(migrations).length,
    inputs: Object.fromEntries(
      Object.entries(mtimes(inputs)).map(([f, m]) => [path.relative(repoRoot, f), m]),
    ),
  }),
);
// Two renames: dist/ is missing only between them, not for the whole build.
const oldDir = `${outdir}.old-${process.pid}`;
if (fs.existsSync(outdir)) fs.renameSync(outdir, oldDir);
fs.renameSync(nextDir, outdir);
fs.rmSync(oldDir, { recursive: true, force: true });
const size = Object.entries(result.metafile.outputs)
  .filter(([f]) => f.endsWith('.mjs'))
  .reduce((sum, [, o]) => sum + o.bytes, 0);
console.log(
  `[build] server built in ${Date.now() - started} ms: ${inputs.length} files, ${(size / 1024).toFixed(0)} KB in ${path.relative(repoRoot, outdir)}`,
);
