import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const LANGUAGES = ['de', 'en'] as const;

/**
 * Every feature keeps its strings in `src/**\/i18n/{lang}.json` under one top-level key; this
 * merges them into the one file per language the app loads from `/assets/i18n/{lang}.json`.
 * A key defined twice is a build error, so two features never overwrite each other.
 */
export function mergeTranslations(srcDir: string, lang: string): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === `${lang}.json` && path.basename(dir) === 'i18n') {
        const content = JSON.parse(fs.readFileSync(full, 'utf8')) as Record<string, unknown>;
        for (const [key, value] of Object.entries(content)) {
          if (key in merged)
            throw new Error(`i18n: top-level key "${key}" is defined twice (${full})`);
          merged[key] = value;
        }
      }
    }
  };
  walk(srcDir);
  return merged;
}

export function i18nPlugin(): Plugin {
  let srcDir = '';
  return {
    name: 'arcadia-i18n',
    configResolved(config) {
      srcDir = path.join(config.root, 'src');
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = /^\/assets\/i18n\/(de|en)\.json$/.exec(req.url ?? '');
        if (!match?.[1]) return next();
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(mergeTranslations(srcDir, match[1])));
      });
    },
    generateBundle() {
      for (const lang of LANGUAGES) {
        this.emitFile({
          type: 'asset',
          fileName: `assets/i18n/${lang}.json`,
          source: JSON.stringify(mergeTranslations(srcDir, lang)),
        });
      }
    },
  };
}
