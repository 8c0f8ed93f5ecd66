import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native shell (Android and iOS) around the web build in `dist`. How to build the apps, and
 * what they need beyond this repository: docs/native.md.
 *
 * - appId doubles as the URL scheme of the login callback (`de.arcadia.app://callback`); it must
 *   equal the server's NATIVE_APP_SCHEME (default `de.arcadia.app`), which registers that
 *   redirect URI at the embedded identity provider.
 * - Live updates (spec §9): Production channel, downloaded in the background, at most 2 versions
 *   kept. This is the configuration of Ionic Appflow's Live Updates SDK (`@capacitor/live-updates`,
 *   plugin key `LiveUpdates`); it takes effect once that plugin is installed and
 *   ARCADIA_LIVE_UPDATES_APP_ID names the Appflow app. Without the id it stays switched off.
 */
const liveUpdatesAppId = process.env.ARCADIA_LIVE_UPDATES_APP_ID;

const config: CapacitorConfig = {
  appId: 'de.arcadia.app',
  appName: 'Arcadia',
  webDir: 'dist',
  backgroundColor: '#0b0b1a',
  android: {
    // The web view's origin is https://localhost; the API is the public server (VITE_PUBLIC_URL).
    allowMixedContent: false,
  },
  ios: {
    contentInset: 'automatic',
  },
  server: {
    androidScheme: 'https',
  },
  plugins: {
    LiveUpdates: {
      appId: liveUpdatesAppId ?? '',
      channel: 'Production',
      autoUpdateMethod: 'background',
      maxVersions: 2,
      enabled: Boolean(liveUpdatesAppId),
    },
  },
};

export default config;
