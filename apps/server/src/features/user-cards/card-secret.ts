import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The claim secret of a printed user card: 32 random bytes (base64url, 43 characters) in the
 * card URL's `?k=`. Only its SHA-256 is stored — enough for a secret of this entropy (no
 * dictionary to try, so no slow hash is needed) — and no API answer ever carries it.
 */
export function newCardSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashCardSecret(secret) };
}

export function hashCardSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `secret` is the one whose hash is stored (compared in constant time). */
export function cardSecretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashCardSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
