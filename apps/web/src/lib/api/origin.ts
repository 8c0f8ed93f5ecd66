/**
 * Where the API lives. In a browser the app and the API share one origin, so paths stay
 * relative; the native shell's web view has its own origin and calls the server's public URL
 * (set at start by the native shell from the build's VITE_PUBLIC_URL).
 */
let origin = '';

export function setApiOrigin(url: string | null): void {
  origin = (url ?? '').replace(/\/+$/, '');
}

/** `/api/...` as the URL to fetch from this app. Absolute URLs pass unchanged. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path) || !origin) return path;
  return `${origin}/${path.replace(/^\/+/, '')}`;
}
