import type { PluginOption } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { ICON_BACKGROUND, iconsPlugin, manifestIcons } from './icons';

/** The web app manifest (installable PWA): German first, the dark arcade theme, opens on /home. */
export function webAppManifest(): Partial<ManifestOptions> {
  return {
    id: '/',
    name: 'Arcadia',
    short_name: 'Arcadia',
    description:
      'Die Community-App für Arcade-Spieler: News, Ranglisten, dein Profil mit Statistiken und Spielen, Freunde – und per QR-Code direkt am Gerät losspielen.',
    lang: 'de',
    dir: 'ltr',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: ICON_BACKGROUND,
    background_color: ICON_BACKGROUND,
    categories: ['games', 'entertainment', 'social'],
    icons: manifestIcons(),
    shortcuts: [
      {
        name: 'Spielen',
        short_name: 'Spielen',
        url: '/play',
        icons: [{ src: '/icons/icon-96.png', sizes: '96x96', type: 'image/png' }],
      },
      {
        name: 'Rangliste',
        short_name: 'Rangliste',
        url: '/leaderboard',
        icons: [{ src: '/icons/icon-96.png', sizes: '96x96', type: 'image/png' }],
      },
    ],
  };
}

/**
 * The PWA: icons generated from one source image, the manifest, and the service worker
 * `src/sw.ts` built with Workbox (`injectManifest`: our own worker, Workbox fills in the precache
 * list of the app shell). The app registers the worker itself (`src/lib/pwa`), once it is idle.
 */
export function pwaPlugins(): PluginOption[] {
  return [
    iconsPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // Registration, the update prompt and its timing are ours (src/lib/pwa/register.ts).
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      manifest: webAppManifest(),
      includeManifestIcons: false,
      injectManifest: {
        // The app shell: the entry and every lazy route's code and styles, fonts, the offline page
        // and the icons it and the notifications show (the manifest is added by the plugin; the
        // other icon sizes are for installing). Translations are cached at run time (and warmed on
        // install); the scanner's wasm (1.1 MB) only when a scanner page loads it; maps never.
        globPatterns: ['**/*.{js,css,html,woff2}', 'icons/{icon-192.png,badge-96.png,favicon.svg}'],
        globIgnores: ['**/*.map', 'assets/i18n/**'],
        // The entry's hashed file names are their revision; no second cache-busting needed.
        dontCacheBustURLsMatching: /^assets\/.+-[A-Za-z0-9_-]{8,}\.\w+$/,
        rollupFormat: 'iife',
        minify: true,
        sourcemap: false,
      },
      devOptions: { enabled: false },
    }),
  ];
}
