import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The display font's latin file (src/styles.css): every page shows it in its header. */
const DISPLAY_FONT = /^assets\/roboto-condensed-latin-700-normal-[\w-]+\.woff2$/;

/** A module of a feature's API calls (`src/features/news/api/get-news.ts`). */
const DATA_CALL = /\/src\/features\/[^/]+\/api\/[^/]+\.tsx?$/;

/** Where the server finds which chunks each route needs (not served: a dot folder). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

export interface RoutePreload {
  /** The route's path as src/app/routes.tsx writes it (`news/:slug`, `admin/*`). */
  path: string;
  /** The route's lazy chunk and every chunk it imports statically, absolute URLs. */
  files: string[];
}

/** `{ path: 'x', lazy: () => import('../features/...') }` lines of the route table. */
export function lazyRoutes(routesSource: string): Array<{ path: string; module: string }> {
  const found: Array<{ path: string; module: string }> = [];
  for (const m of routesSource.matchAll(
    /\{\s*path:\s*'([^']+)',\s*lazy:\s*\(\)\s*=>\s*import\('([^']+)'\)/g,
  ))
    if (m[1] !== '*') found.push({ path: m[1]!, module: m[2]! });
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
        const module = path.resolve(path.dirname(routesFile), r.module);
        const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\.[jt]sx?$/, '') === module);
        if (!chunk) throw new Error(`preload: no chunk for the route ${r.path} (${r.module})`);
        const own = closure(chunk.fileName);
        // The route's data calls (`features/x/api/…`, imported on first use): the page asks for
        // them as soon as it renders, so they load beside the page's code too.
        for (const file of [...own])
          for (const imported of byFile.get(file)?.dynamicImports ?? [])
            if (DATA_CALL.test(byFile.get(imported)?.facadeModuleId ?? '')) closure(imported, own);
        const files = [...own].filter((f) => !atStart.has(f));
        return { path: r.path, files: files.map((f) => `/${f}`) };
      });
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(routes, null, 2),
      });
    },
  };
}
