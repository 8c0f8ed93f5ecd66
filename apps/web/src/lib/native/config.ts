/**
 * The native shell's identity. The scheme must match the server's `NATIVE_APP_SCHEME` (default
 * `de.arcadia.app`; the server announces it in GET /api/config) and `capacitor.config.ts`.
 */
export const NATIVE_APP_SCHEME = 'de.arcadia.app';

/**
 * The public URL of the web app / server the native build talks to, given at build time:
 * `VITE_PUBLIC_URL=https://arcadia.example npm run build -w @arcadia/web`. Links to it open in
 * the app (universal links / app links); null when the build has none (a web build).
 */
export function nativeAppUrl(env: Record<string, unknown> = import.meta.env): string | null {
  const value = env.VITE_PUBLIC_URL;
  return typeof value === 'string' && /^https?:\/\//.test(value) ? value.replace(/\/+$/, '') : null;
}
