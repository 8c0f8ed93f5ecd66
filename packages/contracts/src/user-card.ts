/**
 * A user card's QR code is a URL whose last path segment is the user id (spec §3, §5):
 * it must start with http and its last path segment must contain a hyphen.
 */
export function parseUserCard(value: string): string | null {
  const text = value.trim();
  if (!text.startsWith('http')) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const last = segments.at(-1);
  if (!last?.includes('-')) return null;
  return decodeURIComponent(last);
}

export function userCardUrl(publicUrl: string, userId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/u/${userId}`;
}
