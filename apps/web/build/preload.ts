import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The display font's latin file (src/styles.css): every page shows it in its header. */
const DISPLAY_FONT = /^assets\/roboto-condensed-latin-700-normal-[\w-]+\.woff2$/;

/**
 * The route lists of src/app/routes.tsx behind RequireSignedIn: a player opening them has a
 * session, and the session's runtime (the OIDC client, loaded on start when a session is stored)
 * loads beside the page's code.
 */
const SIGNED_IN_LISTS = new Set(['signedIn', 'registered']);
const SESSION_RUNTIME = '../lib/auth/runtime';

/** A module of a feature's API calls (`src/features/news/api/get-news.ts`). */
const DATA_CALL = /\/src\/features\/[^/]+\/api\/[^/]+\.tsx?$/;

/** Where the server finds which chunks each route needs (not served: a dot folder). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

export interface RoutePreload {
  /** The route's path as src/app/routes.tsx writes it (`news/:slug`, `admin/*`, `profile/:id/games`). */
  path: string;
  /** Behind RequireSignedIn: the page starts the stored session (GET /api/config first). */
  session: boolean;
  /** The route's lazy chunks (its parents', its index child's) and every chunk they import statically, absolute URLs. */
  files: string[];
}

/** A property of a route object literal (`path`, `lazy`, `children`), by name. */
function property(route: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of route.properties)
    if (ts.isPropertyAssignment(p) && p.name.getText() === name) return p.initializer;
  return undefined;
}

/** `() => import('../features/x')` → `../features/x`. */
function lazyModule(route: ts.ObjectLiteralExpression): string | undefined {
  const lazy = property(route, 'lazy');
  if (!lazy || !ts.isArrowFunction(lazy) || !ts.isCallExpression(lazy.body)) return undefined;
  const [arg] = lazy.body.arguments;
  return lazy.body.expression.kind === ts.SyntaxKind.ImportKeyword && arg && ts.isStringLiteral(arg)
    ? arg.text
    : undefined;
}

/**
 * The lazy routes of the route table (src/app/routes.tsx), read from its syntax tree, so a route
 * may list its keys in any order (`{ handle: title('home'), path: 'home', lazy: () => import(…) }`).
 * A route list is a top-level `const name: RouteObject[] = [...]`. A route whose children are a
 * named list (`children: profileTabs`) gets its index child's module too (the page shows it at
 * once), and its children are listed under its path (`profile/:id/games`), not as pages of their
 * own. A layout route without a path (`{ Component: Guard, children: [...] }`) adds no segment.
 */
export function lazyRoutes(
  routesSource: string,
): Array<{ path: string; modules: string[]; list: string }> {
  const file = ts.createSourceFile('routes.tsx', routesSource, ts.ScriptTarget.Latest, true);
  const lists = new Map<string, ts.ArrayLiteralExpression>();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations)
      if (
        ts.isIdentifier(d.name) &&
        d.type?.getText() === 'RouteObject[]' &&
        d.initializer &&
        ts.isArrayLiteralExpression(d.initializer)
      )
        lists.set(d.name.text, d.initializer);
  }
  const objects = (array: ts.ArrayLiteralExpression) =>
    array.elements.filter((e): e is ts.ObjectLiteralExpression => ts.isObjectLiteralExpression(e));
  const childList = (route: ts.ObjectLiteralExpression) => {
    const children = property(route, 'children');
    return children && ts.isIdentifier(children) ? children.text : undefined;
  };
  const found: Array<{ path: string; modules: string[]; list: string }> = [];
  const add = (
    list: string,
    array: ts.ArrayLiteralExpression,
    prefix: string,
    parents: string[],
  ) => {
    for (const route of objects(array)) {
      const pathNode = property(route, 'path');
      const own = pathNode && ts.isStringLiteral(pathNode) ? pathNode.text : undefined;
      const children = property(route, 'children');
      // A layout route: its inline children sit at its parent's path.
      if (own === undefined) {
        if (children && ts.isArrayLiteralExpression(children)) add(list, children, prefix, parents);
        continue;
      }
      const module = lazyModule(route);
      if (own === '*' || !module) continue;
      const path = prefix + own;
      const modules = [...parents, module];
      const named = childList(route);
      const childArray = named ? lists.get(named) : undefined;
      const index = childArray
        ? objects(childArray).find((child) => property(child, 'index') !== undefined)
        : undefined;
      const indexModule = index ? lazyModule(index) : undefined;
      found.push({ path, modules: indexModule ? [...modules, indexModule] : modules, list });
      if (childArray) add(list, childArray, `${path}/`, modules);
    }
  };
  // Lists that are a page's tabs; a guard's (`{ Component: Guard, children: registered }`) are not.
  const childLists = new Set(
    [...lists.values()].flatMap((array) =>
      objects(array).flatMap((r) => (property(r, 'path') ? (childList(r) ?? []) : [])),
    ),
  );
  for (const [name, array] of lists) if (!childLists.has(name)) add(name, array, '', []);
  return found;
}

/**
 * What the first screen needs, asked for before the scripts ask for it:
 * - index.html preloads the display font (its URL is hashed, so it is found in the bundle);
 * - `.vite/route-preloads.json` lists each lazy route's chunks beyond those index.html already
 *   preloads; the server adds them to index.html as `modulepreload` for the route requested
 *   (apps/server/src/plugins/web.ts), so the page's code loads beside the core, not after it;
 *   with them the route's data calls (its `features/x/api` modules, loaded on first use).
 */
export function preloadPlugin(): Plugin {
  let srcDir = '';
  return {
    name: 'arcadia-preload',
    apply: 'build',
    configResolved(config) {
      srcDir = path.join(config.root, 'src');
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((name) => DISPLAY_FONT.test(name));
        if (!font) throw new Error('preload: the display font is not in the bundle');
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `/${font}`,
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, seen);
        return seen;
      };
      // The app's build has index.html as its entry; the service worker's build has none.
      const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('/index.html'));
      if (!entry) return;
      const atStart = closure(entry.fileName);
      const routesFile = path.join(srcDir, 'app/routes.tsx');
      const routes: RoutePreload[] = lazyRoutes(fs.readFileSync(routesFile, 'utf8')).map((r) => {
        const own = new Set<string>();
        const modules = SIGNED_IN_LISTS.has(r.list) ? [...r.modules, SESSION_RUNTIME] : r.modules;
        for (const m of modules) {
          const module = path.resolve(path.dirname(routesFile), m);
          const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\.[jt]sx?$/, '') === module);
          if (!chunk) throw new Error(`preload: no chunk for the route ${r.path} (${m})`);
          closure(chunk.fileName, own);
        }
        // The route's data calls (`features/x/api/…`, imported on first use): the page asks for
        // them as soon as it renders, so they load beside the page's code too.
        for (const file of [...own])
          for (const imported of byFile.get(file)?.dynamicImports ?? [])
            if (DATA_CALL.test(byFile.get(imported)?.facadeModuleId ?? '')) closure(imported, own);
        const files = [...own].filter((f) => !atStart.has(f));
        return {
          path: r.path,
          session: SIGNED_IN_LISTS.has(r.list),
          files: files.map((f) => `/${f}`),
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(routes, null, 2),
      });
    },
  };
}
