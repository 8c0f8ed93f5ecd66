import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { firstPaintPlugin } from './build/first-paint';
import { i18nPlugin } from './build/i18n-plugin';
import { precompressPlugin } from './build/precompress';
import { preloadPlugin } from './build/preload';
import { pwaPlugins } from './build/pwa';

const STARTUP_LIBRARIES =
  /node_modules\/(react|react-dom|scheduler|react-router|redux|immer|react-redux|i18next|react-i18next|use-sync-external-store)\/|node_modules\/@reduxjs\/toolkit\/dist\/redux-toolkit\.modern|node_modules\/lucide-react\/dist\/esm\/(shared|Icon|createLucideIcon|context|defaultAttributes)/;

/** lucide-react's icons, one tiny module each. */
const LUCIDE_ICONS = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
/** The formatting helpers of dates, months and numbers: small, and shared by most pages. */
const FORMATS =
  /src[\\/]lib[\\/](i18n[\\/](date-format|numeric-date)|number-format)\.ts$|contracts[\\/]src[\\/]months\.ts$/;
/**
 * The news' state (its slice, thunks, hook and image address), shared by /home and the article.
 * Not its endpoint: the thunk imports that when it loads, so RTK Query stays out of /home's first
 * bundle (web-bundle.bench.ts).
 */
const NEWS_DATA = /src[\\/]features[\\/]news[\\/](use-news\.ts|image-url\.ts|state[\\/])/;
/** The plain UI components (no Radix): small, and shared by most pages. */
const UI_BASICS =
  /src[\\/]components[\\/]ui[\\/](Button|Card|TextField|States|Spinner|focus)\.tsx?$/;
/**
 * The contracts' values without zod (the boards' constants, the achievement catalogue, a match's
 * path, the profile's access codes) that pages take instead of the schemas: one chunk, not a tiny
 * file each (the schemas' chunk imports them too).
 */
const CONTRACT_VALUES =
  /contracts[\\/]src[\\/](boards|rating|match-paths|achievement-catalogue|profile-access)\.ts$/;
/** The API client every page with data loads (RTK Query's base, its origin, lazy schemas). */
const API_CLIENT = /src[\\/]lib[\\/]api[\\/](base|origin|lazy-schema)\.ts$/;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    i18nPlugin(),
    preloadPlugin(),
    firstPaintPlugin(),
    pwaPlugins(),
    precompressPlugin(),
  ],
  // The manifest lets tools/bench/web-bundle.bench.ts follow what /home loads.
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      // The libraries every page starts with, in one chunk: split across many small shared
      // chunks they cost about 6 KB gzip more of the first load (measured by web-bundle.bench).
      // Only what the first render needs belongs here; lazy libraries keep their own chunks.
      // Lighthouse's phone loads over HTTP/1.1 with 6 connections: every further file of the first
      // screen costs a round trip (150 ms on its slow 4G). So the app's own startup modules join
      // the core too, every icon is in one small chunk, and the API client's modules in one.
      output: {
        advancedChunks: {
          groups: [
            { name: 'core', test: STARTUP_LIBRARIES, priority: 3 },
            { name: 'core', tags: ['$initial'], priority: 2 },
            {
              name: 'icons',
              test: LUCIDE_ICONS,
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: 4096,
            },
            { name: 'api', test: API_CLIENT, priority: 1 },
            { name: 'contract-values', test: CONTRACT_VALUES, priority: 1 },
            { name: 'formats', test: FORMATS, priority: 2 },
            { name: 'news', test: NEWS_DATA, priority: 1 },
            { name: 'ui', test: UI_BASICS, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/oidc': 'http://localhost:8080',
      '/graphql': 'http://localhost:8080',
    },
  },
});
