import type { FastifyBaseLogger } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Redis } from 'ioredis';
import { AppError } from './errors';

/** Where a counter stands after a hit (or a look). */
export interface LimitState {
  count: number;
  /** Over the limit: refuse. */
  limited: boolean;
  /** Seconds until the window ends (at least 1 while limited). */
  retryAfterSeconds: number;
}

/** A fixed-window counter per key (`signin:ip:203.0.113.9`), shared through Redis when set. */
export interface Limiter {
  /** Counts one more; limited once the count passes `max`. */
  hit(key: string): Promise<LimitState>;
  /** Looks without counting; limited once the count has reached `max` (failure counters). */
  peek(key: string): Promise<LimitState>;
}

export interface LimitRule {
  max: number;
  windowMs: number;
}

const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;
const PEEK = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}`;

type Entry = { count: number; resetAt: number };

/** Counters of this process, for one process or when Redis does not answer. */
class MemoryCounters {
  private entries = new Map<string, Entry>();

  private current(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  hit(key: string, windowMs: number): [number, number] {
    const now = Date.now();
    if (this.entries.size > 50_000) {
      for (const [k, e] of this.entries) if (e.resetAt <= now) this.entries.delete(k);
    }
    const entry = this.current(key, now) ?? { count: 0, resetAt: now + windowMs };
    entry.count += 1;
    this.entries.set(key, entry);
    return [entry.count, entry.resetAt - now];
  }

  peek(key: string): [number, number] {
    const now = Date.now();
    const entry = this.current(key, now);
    return entry ? [entry.count, entry.resetAt - now] : [0, 0];
  }
}

/**
 * Request and failure limits beyond the API's per-minute limit: sign-up, sign-in, token and
 * reset requests, failed device authentications. With REDIS_URL every process counts against
 * the same numbers; without (or while Redis does not answer) each process counts its own.
 */
export class Limits {
  private readonly memory = new MemoryCounters();
  /** Redis failed the last time it was asked (logged once until it answers again). */
  private storeDown = false;

  constructor(
    private readonly redis: Redis | undefined,
    private readonly log: FastifyBaseLogger,
    /** Start of every key (REDIS_KEY_PREFIX + `limit:`): deployments sharing a Redis stay apart. */
    private readonly prefix = 'arcadia:limit:',
  ) {}

  limiter(name: string, rule: LimitRule): Limiter {
    const state = (count: number, ttlMs: number, limited: boolean): LimitState => ({
      count,
      limited,
      retryAfterSeconds: limited ? Math.max(1, Math.ceil(ttlMs / 1000)) : Math.ceil(ttlMs / 1000),
    });
    const run = async (script: string, key: string): Promise<[number, number] | undefined> => {
      if (!this.redis) return undefined;
      try {
        const [count, ttl] = (await this.redis.eval(
          script,
          1,
          `${this.prefix}${name}:${key}`,
          String(rule.windowMs),
        )) as [number, number];
        answered();
        return [Number(count), Math.max(0, Number(ttl))];
      } catch (error) {
        // Once per outage, not once per request: every limited request fails the same way while
        // Redis is away, and a line (with its stack) for each flooded the log.
        if (!this.storeDown) {
          this.storeDown = true;
          this.log.warn({ err: error }, 'rate limit store unavailable; counting in this process');
        }
        return undefined;
      }
    };
    const answered = () => {
      if (!this.storeDown) return;
      this.storeDown = false;
      this.log.info('rate limit store available again');
    };
    return {
      hit: async (key) => {
        const [count, ttl] =
          (await run(HIT, key)) ?? this.memory.hit(`${name}:${key}`, rule.windowMs);
        return state(count, ttl, count > rule.max);
      },
      peek: async (key) => {
        const [count, ttl] = (await run(PEEK, key)) ?? this.memory.peek(`${name}:${key}`);
        return state(count, ttl, count >= rule.max);
      },
    };
  }
}

/** A client address as a counter key: IPv6 by its /64 (one host has them all), IPv4 as is. */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${(address as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}

/**
 * A limit per key (a player's sub, a client's address): the returned check counts one call and,
 * past `max` in the window, throws 429 `rate_limited` with Retry-After. `what` names what is
 * counted in the message ("friends added").
 */
export function keyedAdmission(
  limits: Limits,
  name: string,
  rule: { max: number; windowMinutes: number },
  what: string,
): (key: string) => Promise<void> {
  const limiter = limits.limiter(name, { max: rule.max, windowMs: rule.windowMinutes * 60_000 });
  const per = rule.windowMinutes === 1 ? 'minute' : `${rule.windowMinutes} minutes`;
  return async (key) => {
    const state = await limiter.hit(key);
    if (state.limited)
      throw new AppError(
        429,
        'rate_limited',
        `At most ${rule.max} ${what} per ${per}`,
        undefined,
        state.retryAfterSeconds,
      );
  };
}

/**
 * Admission for costly work anyone may start (drawing an image not drawn before): each client
 * address may start `max` a minute; past that the returned check throws 429 `rate_limited` with
 * Retry-After. `what` names the work in the message ("new share images").
 */
export function perClientAdmission(
  limits: Limits,
  name: string,
  max: number,
  what: string,
): (ip: string) => Promise<void> {
  const admit = keyedAdmission(limits, name, { max, windowMinutes: 1 }, what);
  return (ip) => admit(addressKey(ip));
}
