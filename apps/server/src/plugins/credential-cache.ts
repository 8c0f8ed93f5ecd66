/**
 * Credentials that were verified, for a short while: a player's app sends the same access token
 * with every call (and a device the same key), and verifying it costs more than most of the
 * requests it guards. The key is the whole credential (a token with its signature, a device's
 * Authorization header), so only the exact bytes that were verified are let through. An entry lives until the token expires (with the leeway
 * the verification allowed) or `ttlMs` passes, whichever comes first; the cache holds at most
 * `max` tokens and forgets the oldest first.
 */
export class VerifiedCredentialCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  constructor(private readonly options: { ttlMs: number; max: number; now?: () => number }) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get(token: string): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  /** `expiresAtMs`: when the verification itself would start refusing the token. */
  set(token: string, value: T, expiresAtMs: number): void {
    const until = Math.min(expiresAtMs, this.now() + this.options.ttlMs);
    if (until <= this.now()) return;
    this.entries.delete(token);
    this.entries.set(token, { value, until });
    if (this.entries.size > this.options.max) {
      // Maps iterate in insertion order: the first key is the oldest.
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops every entry whose value matches (a revoked account's tokens). */
  forget(matches: (value: T) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
