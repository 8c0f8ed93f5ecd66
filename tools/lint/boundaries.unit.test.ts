import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The boundary rules of eslint.config.js, checked with the real config on probe files written
// into the real folders (the zones and the resolver work on paths), removed afterwards.
const root = path.resolve(import.meta.dirname, '../..');
const written: string[] = [];
const eslint = new ESLint({ cwd: root });

async function lint(files: Record<string, string>) {
  const paths = Object.entries(files).map(([rel, text]) => {
    const file = path.join(root, rel);
    fs.writeFileSync(file, text);
    written.push(file);
    return file;
  });
  const results = await eslint.lintFiles(paths);
  return results.flatMap((r) =>
    r.messages.map((m) => ({
      file: path.relative(root, r.filePath),
      rule: m.ruleId,
      message: m.message,
    })),
  );
}

const ruleIds = (found: Array<{ rule: string | null }>) => found.map((m) => m.rule);

afterAll(() => {
  for (const file of written) fs.rmSync(file, { force: true });
});

describe('lint boundaries', () => {
  it("refuses a web feature reaching into another feature's files, allows its index", async () => {
    const found = await lint({
      'apps/web/src/features/news/lint-probe-a.ts':
        "export { authSlice } from '../auth/state/auth-slice';\n",
      'apps/web/src/features/news/lint-probe-b.ts': "export * as auth from '../auth';\n",
    });
    expect(found.filter((m) => m.file.endsWith('probe-a.ts')).map((m) => m.rule)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(found.filter((m) => m.file.endsWith('probe-b.ts'))).toEqual([]);
  }, 120_000);

  it('refuses lib importing a feature or the app shell', async () => {
    const found = await lint({
      'apps/web/src/lib/lint-probe-lib.ts':
        "export * as auth from '../features/auth';\nexport { routes } from '../app/routes';\n",
    });
    expect(ruleIds(found)).toEqual([
      'import-x/no-restricted-paths',
      'import-x/no-restricted-paths',
    ]);
  }, 120_000);

  it("refuses a server feature reaching into another feature's queries", async () => {
    const found = await lint({
      'apps/server/src/features/friends/lint-probe.ts':
        "export { ingestDeviceReport } from '../games/ingest';\n",
    });
    expect(ruleIds(found)).toEqual(['import-x/no-restricted-paths']);
  }, 120_000);

  it('refuses an import cycle and a relative reach into the contracts package', async () => {
    const found = await lint({
      'apps/web/src/lib/lint-probe-cycle-a.ts':
        "import { b } from './lint-probe-cycle-b';\nexport const a = (): number => b + 1;\n",
      'apps/web/src/lib/lint-probe-cycle-b.ts':
        "import { a } from './lint-probe-cycle-a';\nexport const b = 1;\nexport const c = a;\n",
      'apps/web/src/lib/lint-probe-package.ts':
        "export { HTTP_TIMEOUT_MS } from '../../../../packages/contracts/src/limits';\n",
    });
    expect(found.filter((m) => m.file.includes('cycle')).map((m) => m.rule)).toEqual([
      'import-x/no-cycle',
      'import-x/no-cycle',
    ]);
    expect(found.filter((m) => m.file.endsWith('package.ts')).map((m) => m.rule)).toEqual([
      'import-x/no-relative-packages',
    ]);
  }, 120_000);
});
