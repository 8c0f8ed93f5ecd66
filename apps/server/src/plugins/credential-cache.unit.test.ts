import { describe, expect, it } from 'vitest';
import { VerifiedCredentialCache } from './credential-cache';

describe('VerifiedCredentialCache', () => {
  const clock = (start = 1_000_000) => {
    let now = start;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('answers a verified token until it expires, then forgets it', () => {
    const time = clock();
    const cache = new VerifiedCredentialCache<string>({ ttlMs: 60_000, max: 10, now: time.now });
    cache.set('a.b.c', 'neo', time.now() + 5_000);
    expect(cache.get('a.b.c')).toBe('neo');
    time.advance(4_999);
    expect(cache.get('a.b.c')).toBe('neo');
    time.advance(1);
    expect(cache.get('a.b.c')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps a long-lived token no longer than the ttl', () => {
    const time = clock();
    const cache = new VerifiedCredentialCache<string>({ ttlMs: 60_000, max: 10, now: time.now });
    cache.set('t', 'neo', time.now() + 3_600_000);
    time.advance(59_999);
    expect(cache.get('t')).toBe('neo');
    time.advance(1);
    expect(cache.get('t')).toBeUndefined();
  });

  it('does not store a token that has already expired', () => {
    const time = clock();
    const cache = new VerifiedCredentialCache<string>({ ttlMs: 60_000, max: 10, now: time.now });
    cache.set('t', 'neo', time.now());
    expect(cache.get('t')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('only knows the exact token: another signature is another key', () => {
    const cache = new VerifiedCredentialCache<string>({ ttlMs: 60_000, max: 10 });
    cache.set('header.payload.signature', 'neo', Date.now() + 60_000);
    expect(cache.get('header.payload.signaturX')).toBeUndefined();
    expect(cache.get('header.payload.')).toBeUndefined();
  });

  it('forgets the oldest token beyond max', () => {
    const time = clock();
    const cache = new VerifiedCredentialCache<number>({ ttlMs: 60_000, max: 3, now: time.now });
    for (let i = 1; i <= 4; i++) cache.set(`t${i}`, i, time.now() + 60_000);
    expect(cache.size).toBe(3);
    expect(cache.get('t1')).toBeUndefined();
    expect([cache.get('t2'), cache.get('t3'), cache.get('t4')]).toEqual([2, 3, 4]);
  });
});
