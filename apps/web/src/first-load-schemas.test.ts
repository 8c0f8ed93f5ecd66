import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The contracts' schemas (and zod, 32 KB compressed and about 40 ms of a fast phone's main thread
 * to evaluate) stay out of the pages a player opens most: the production build takes our server's
 * answers as sent (lib/api/base.ts, lib/api/lazy-schema.ts), so these pages take only the
 * contracts' zod-free modules (`@arcadia/contracts/boards`, `…/limits`, …). Followed here: every
 * static import (not `import type`, not `import()`) from each page's modules and the signed-in
 * shell's; the package's index or zod anywhere among them fails.
 */
const webRoot = path.resolve(import.meta.dirname, '..');
const contractsRoot = path.resolve(webRoot, '../../packages/contracts/src');

const FIRST_LOADS = [
  // Every page: the entry and the shell.
  'src/main.tsx',
  // A signed-in player's start: the session, their own profile, their device, the live channel.
  'src/lib/auth/runtime.ts',
  'src/lib/auth/user-manager.ts',
  'src/features/auth/api/get-me.ts',
  'src/features/play/api/get-current-device.ts',
  'src/features/live/components/LiveConnection.tsx',
  // The pages of the Lighthouse budget (DESIGN §7): home, an article, the boards, a profile.
  'src/features/news/HomePage.tsx',
  'src/features/news/ArticlePage.tsx',
  'src/features/leaderboard/LeaderboardPage.tsx',
  'src/features/profile/ProfilePage.tsx',
  'src/features/profile/tabs/StatisticsTab.tsx',
  'src/features/profile/tabs/GamesTab.tsx',
];

/** The specifiers a module imports for their values: `import type` and `import()` do not count. */
export function staticImports(source: string): string[] {
  const specifiers: string[] = [];
  const statement = /^(import|export)\s+(type\s+)?([^'";]*?)\s*(?:from\s+)?['"]([^'"]+)['"];?$/gms;
  for (const m of source.matchAll(statement)) {
    const [, keyword, typeOnly, bindings = '', specifier] = m;
    if (typeOnly || !specifier) continue;
    if (keyword === 'export' && !/^(\*|\{)/.test(bindings.trim())) continue;
    const named = /\{([^}]*)\}/.exec(bindings);
    const onlyTypes =
      named &&
      !bindings.replace(named[0], '').replace(/,/g, '').trim() &&
      named[1]!
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .every((part) => part.startsWith('type '));
    if (onlyTypes) continue;
    specifiers.push(specifier);
  }
  return specifiers;
}

function resolveFile(base: string): string | undefined {
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((suffix) => base + suffix)
    .find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

/** The modules reached through static imports, and where the schemas were reached from. */
function firstLoad(entries: string[]): { modules: Set<string>; schemas: string[] } {
  const modules = new Set<string>();
  const schemas: string[] = [];
  const queue = entries.map((entry) => path.join(webRoot, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (modules.has(file)) continue;
    modules.add(file);
    for (const specifier of staticImports(fs.readFileSync(file, 'utf8'))) {
      const from = path.relative(webRoot, file);
      if (specifier === 'zod' || specifier === '@arcadia/contracts') {
        schemas.push(`${from} imports ${specifier}`);
        continue;
      }
      let target: string | undefined;
      if (specifier.startsWith('@arcadia/contracts/')) {
        target = resolveFile(
          path.join(contractsRoot, specifier.slice('@arcadia/contracts/'.length)),
        );
      } else if (specifier.startsWith('.')) {
        target = resolveFile(path.resolve(path.dirname(file), specifier));
      } else {
        continue; // another package
      }
      if (!target) throw new Error(`${from}: cannot resolve ${specifier}`);
      if (/\.(tsx?|mts)$/.test(target)) queue.push(target);
    }
  }
  return { modules, schemas };
}

describe('the contracts’ schemas on a first load', () => {
  it('reads imports as the bundler does', () => {
    const source = [
      "import { a, type B } from './values';",
      "import type { C } from './types';",
      "import { type D, type E } from './only-types';",
      "export * from './all';",
      "export type { F } from './type-export';",
      "import './side-effect';",
      "const lazy = () => import('./lazy');",
      'import {\n  g,\n  h,\n} from "./multi-line";',
    ].join('\n');
    expect(staticImports(source)).toEqual(['./values', './all', './side-effect', './multi-line']);
  });

  it('follows the app’s modules (the check reads something)', () => {
    const { modules } = firstLoad(FIRST_LOADS);
    const relative = [...modules].map((file) => path.relative(webRoot, file));
    expect(relative).toContain('src/features/profile/components/Achievements.tsx');
    expect(relative).toContain('src/lib/api/base.ts');
    expect(relative.some((file) => file.endsWith('contracts/src/achievement-catalogue.ts'))).toBe(
      true,
    );
  });

  it('finds a schema import where there is one', () => {
    expect(firstLoad(['src/features/match/api/get-match.ts']).schemas).toEqual([
      'src/features/match/api/get-match.ts imports @arcadia/contracts',
    ]);
  });

  it('are not imported by the signed-in shell or the budget’s pages', () => {
    expect(firstLoad(FIRST_LOADS).schemas).toEqual([]);
  });
});
