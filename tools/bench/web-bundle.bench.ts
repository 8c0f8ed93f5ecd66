// Web bundle: the JavaScript the browser loads to show /home on a first visit, gzip-compressed,
// against the 150 KB budget of DESIGN §7. Builds the web app (production) into a temporary
// folder, follows dist/index.html (its module script and modulepreload links) plus the /home
// route's lazy chunk and its static imports from Vite's manifest, and lists the largest chunks
// that load later. Beside it, the baseline measured in the same run: a hello-world React 19 app
// built the same way. Prints one markdown section on stdout.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../../apps/web/build/preload';
import { progress, ratio, table } from './support/report';

const TITLE = '## Web bundle: initial JS for /home (web-bundle.bench.ts)';
const BUDGET_KB = 150;
const root = path.resolve(import.meta.dirname, '../..');
const webRoot = path.join(root, 'apps/web');
const HOME_ROUTE = 'src/features/news/HomePage.tsx';
/** The pages whose preloads are listed: the public ones, the sign-in and a profile. */
const PRELOAD_ROUTES = [
  'home',
  'news/:slug',
  'leaderboard',
  'games',
  'game/:id',
  'login',
  'profile/:id',
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** The JS files index.html loads: its module script and every modulepreload. */
function htmlScripts(dist: string): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\bsrc="\/([^"]+\.js)"/g)) files.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g))
    files.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]*href="\/([^"]+\.js)"[^>]*rel="modulepreload"/g))
    files.add(match[1]!);
  return [...files];
}

/** A manifest entry's file and all it imports statically (what loading it fetches). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const imported of entry.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

const sum = (dist: string, files: Iterable<string>) =>
  [...files].reduce((total, f) => total + gzipSize(path.join(dist, f)), 0);

/** `vite build` in a child process, its output on our stderr (stdout carries the section). */
function viteBuild(cwd: string, args: string[]): void {
  const res = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', ...args], {
    cwd,
    stdio: ['ignore', 2, 2],
  });
  if (res.status !== 0) throw new Error(`vite build failed in ${cwd}`);
}

async function buildWeb(outDir: string): Promise<Manifest> {
  viteBuild(webRoot, ['--outDir', outDir, '--emptyOutDir', '--manifest']);
  return JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Hello-world React 19 (react-dom/client, one element), built with the same Vite and plugin. */
async function buildBaseline(outDir: string): Promise<number> {
  // Inside the repository so that react resolves from its node_modules.
  const src = fs.mkdtempSync(path.join(root, 'node_modules/.cache-bench-baseline-'));
  try {
    fs.writeFileSync(
      path.join(src, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>',
    );
    fs.writeFileSync(
      path.join(src, 'main.jsx'),
      "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1>Hello</h1>);\n",
    );
    // The web workspace's own React plugin (installed there, not at the root).
    const plugin = createRequire(path.join(webRoot, 'package.json')).resolve(
      '@vitejs/plugin-react',
    );
    fs.writeFileSync(
      path.join(src, 'vite.config.mjs'),
      `import react from ${JSON.stringify(pathToFileURL(plugin).href)};\n` +
        "export default { plugins: [react()], build: { target: 'es2022' } };\n",
    );
    viteBuild(src, ['--outDir', outDir, '--emptyOutDir']);
    return sum(outDir, htmlScripts(outDir));
  } finally {
    fs.rmSync(src, { recursive: true, force: true });
  }
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-bundle-'));
  try {
    const dist = path.join(tmp, 'web');
    progress('building the web app');
    const manifest = await buildWeb(dist);
    progress('building the hello-world baseline');
    const baseline = await buildBaseline(path.join(tmp, 'baseline'));

    const fromHtml = new Set(htmlScripts(dist));
    const home = closure(manifest, HOME_ROUTE);
    const homeOnly = [...home].filter((f) => !fromHtml.has(f));
    const initial = new Set([...fromHtml, ...homeOnly]);
    const htmlBytes = sum(dist, fromHtml);
    const homeBytes = sum(dist, homeOnly);
    const total = htmlBytes + homeBytes;
    // What the home page imports on demand once it runs (the contracts and zod, to parse the news).
    const keyOf = new Map(Object.entries(manifest).map(([key, entry]) => [entry.file, key]));
    const onDemand = new Set<string>();
    for (const file of homeOnly)
      for (const dynamic of manifest[keyOf.get(file) ?? '']?.dynamicImports ?? [])
        closure(manifest, dynamic, onDemand);
    const contractsAfter = [...onDemand].filter((f) => !initial.has(f));
    const css = fs
      .readdirSync(path.join(dist, 'assets'))
      .filter((f) => f.endsWith('.css'))
      .map((f) => path.join('assets', f));
    const wasmInitial = [...initial].filter((f) => f.endsWith('.wasm') || /zxing|reader-/.test(f));

    // What each later chunk mostly holds: the largest sources in its source map.
    const contentOf = (file: string): string => {
      const mapFile = path.join(dist, `${file}.map`);
      if (!fs.existsSync(mapFile)) return path.basename(file);
      const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as {
        sources: string[];
        sourcesContent?: Array<string | null>;
      };
      const sizes = new Map<string, number>();
      map.sources.forEach((source, i) => {
        const name = source.includes('node_modules/')
          ? source
              .split('node_modules/')
              .pop()!
              .split('/')
              .slice(0, source.includes('/@') ? 2 : 1)
              .join('/')
          : source.replace(/^.*?\b(apps|packages)\//, '$1/');
        sizes.set(name, (sizes.get(name) ?? 0) + (map.sourcesContent?.[i]?.length ?? 0));
      });
      return [...sizes.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 2)
        .map(([name]) => name)
        .join(', ');
    };
    const later = fs
      .readdirSync(path.join(dist, 'assets'))
      .filter((f) => f.endsWith('.js') || f.endsWith('.wasm'))
      .map((f) => `assets/${f}`)
      .filter((f) => !initial.has(f))
      .map((f) => ({ file: f, bytes: gzipSize(path.join(dist, f)) }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 8);

    // What each page's HTML has the browser fetch beside index.html's scripts (the build lists
    // only the chunks beyond those: apps/web/build/preload.ts).
    const routePreloads = JSON.parse(
      fs.readFileSync(path.join(dist, ROUTE_PRELOADS_FILE), 'utf8'),
    ) as RoutePreload[];
    const preloadRows = PRELOAD_ROUTES.map((route) => {
      const found = routePreloads.find((r) => r.path === route);
      if (!found) throw new Error(`${ROUTE_PRELOADS_FILE} lists no route ${route}`);
      const files = found.files.map((f) => f.replace(/^\//, ''));
      return [`\`/${route}\``, files.length, kb(sum(dist, files))];
    });

    const verdict = total <= BUDGET_KB * 1024 ? 'within' : 'OVER';
    const lines = [
      TITLE,
      '',
      `Initial JavaScript for \`/home\` on a first visit: **${kb(total)} gzip**, ${verdict} the ${BUDGET_KB} KB budget ` +
        `(${ratio(total / (BUDGET_KB * 1024))} of it). Baseline in the same run, a hello-world React 19 app: ` +
        `${kb(baseline)} (the app is ${ratio(total / baseline)} of it).`,
      '',
      table(
        ['part', 'files', 'gzip (level 9)'],
        [
          ['index.html: module script + modulepreload', fromHtml.size, kb(htmlBytes)],
          ['/home route chunk and its own imports', homeOnly.length, kb(homeBytes)],
          ['**total initial JS for /home**', initial.size, `**${kb(total)}**`],
          ['baseline: hello-world React 19', '', kb(baseline)],
          ['CSS (one file, not counted above)', css.length, kb(sum(dist, css))],
          [
            'loaded by /home on demand: contracts + zod, to parse the news',
            contractsAfter.length,
            kb(sum(dist, contractsAfter)),
          ],
        ],
      ),
      '',
      `Scanner code or wasm in the initial set: ${wasmInitial.length === 0 ? 'none' : wasmInitial.join(', ')}.`,
      '',
      "What each page's HTML preloads beside index.html's scripts (its route's chunks, fetched at once with the core):",
      '',
      table(['page', 'files', 'gzip (level 9)'], preloadRows),
      '',
      'Largest chunks loaded later (lazy routes, the sign-in library, the scanner):',
      '',
      table(
        ['chunk', 'mostly', 'gzip'],
        later.map((c) => [path.basename(c.file), contentOf(c.file), kb(c.bytes)]),
      ),
      '',
    ];
    process.stdout.write(lines.join('\n'));
    if (verdict === 'OVER') process.exitCode = 1;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
