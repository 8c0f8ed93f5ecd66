import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DEVICE_AUTH_SCHEME } from '@arcadia/contracts';

/** A device key: 32 random bytes, base64url (43 characters). Shown once, stored hashed. */
export function generateDeviceKey(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 suffices for 256-bit random keys: there is nothing to guess or to look up. */
export function hashDeviceKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function deviceKeyMatches(key: string, storedHash: string): boolean {
  const given = Buffer.from(hashDeviceKey(key), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export interface DeviceCredentials {
  arcade: string;
  id: string;
  key: string;
}

const SEGMENT = '[A-Za-z0-9_-]{1,64}';
// The scheme name is case-insensitive (RFC 7235 §2.1), as Bearer's on every other route; the
// segments and the key take both cases anyway, so the flag changes only the scheme.
const HEADER = new RegExp(
  `^${DEVICE_AUTH_SCHEME} (${SEGMENT}):(${SEGMENT}):([A-Za-z0-9_-]{16,128})$`,
  'i',
);

/** `Authorization: Device <arcade>:<id>:<key>`; null when absent or malformed. */
export function parseDeviceAuthorization(header: string | undefined): DeviceCredentials | null {
  if (!header) return null;
  const match = HEADER.exec(header.trim());
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return { arcade: match[1], id: match[2], key: match[3] };
}
