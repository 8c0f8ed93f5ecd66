import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * package.json's `sideEffects` tells the bundler which modules do something when imported. Every
 * other module is kept only for the exports a page uses: a page that takes `Card` from
 * components/ui no longer loads the dialog and toast code re-exported beside it. A module
 * imported only for what it does (`import './state/friends-listeners'`) must be in the list, and
 * so must the module that imports it (else a page using only that module's re-exports skips it,
 * and the import with it).
 */
const webRoot = path.resolve(import.meta.dirname, '..');
const listed: string[] = (
  JSON.parse(fs.readFileSync(path.join(webRoot, 'package.json'), 'utf8')) as {
    sideEffects: string[];
  }
).sideEffects;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => `./${path.relative(webRoot, file).split(path.sep).join('/')}`;

function resolveImport(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((suffix) => base + suffix)
    .find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
  if (!found) throw new Error(`${relative(from)}: cannot resolve ${specifier}`);
  return found;
}

const isListed = (file: string) =>
  listed.includes(relative(file)) ||
  listed.some((pattern) => pattern.startsWith('*.') && file.endsWith(pattern.slice(1)));

/** Every `import '…'` of the app's own modules (no bindings: imported for what it does). */
const sideEffectImports = sourceFiles(path.join(webRoot, 'src')).flatMap((file) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/^import '(\.[^']+)';$/gm)].map((m) => ({
    importer: file,
    target: resolveImport(file, m[1]!),
  })),
);

describe('package.json sideEffects', () => {
  it('finds the app’s side-effect imports (the check reads something)', () => {
    expect(sideEffectImports.map((i) => relative(i.target))).toContain(
      './src/features/friends/state/friends-listeners.ts',
    );
  });

  it('lists every module imported only for what it does, and every module importing one', () => {
    const missing = sideEffectImports
      .flatMap(({ importer, target }) => [importer, target])
      .filter((file) => !isListed(file))
      .map(relative);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('lists only files that exist', () => {
    const gone = listed
      .filter((pattern) => !pattern.startsWith('*.'))
      .filter((file) => !fs.existsSync(path.join(webRoot, file)));
    expect(gone).toEqual([]);
  });
});
