/**
 * A user card's QR code is a URL whose last path segment is the user id (spec §3, §5):
 * it must start with http and its last path segment must contain a hyphen. A card printed to be
 * claimed also carries its claim secret in the query, `?k=<secret>`: only the holder of the
 * printed card can link a sign-in to the card's profile (`POST /api/v2/user/me/link`).
 */
export function parseUserCard(value: string): string | null {
  return parseUserCardClaim(value)?.userId ?? null;
}

/** The query parameter that carries a card's claim secret. */
export const USER_CARD_SECRET_PARAM = 'k';

/** The id a card points at and, when it has one, its claim secret (null on an old card). */
export function parseUserCardClaim(
  value: string,
): { userId: string; secret: string | null } | null {
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
  let userId: string;
  try {
    userId = decodeURIComponent(last);
  } catch {
    return null;
  }
  const secret = url.searchParams.get(USER_CARD_SECRET_PARAM);
  return { userId, secret: secret ? secret : null };
}

/** `{public url}/u/{id}`, with `?k={secret}` for a card that can claim its profile. */
export function userCardUrl(publicUrl: string, userId: string, secret?: string | null): string {
  const base = `${publicUrl.replace(/\/+$/, '')}/u/${userId}`;
  return secret ? `${base}?${USER_CARD_SECRET_PARAM}=${encodeURIComponent(secret)}` : base;
}
