import { createHash, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { redisAnswers, TEST_REDIS_URL } from '../../../test/support/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { IdentityLimits } from './request-limits';

const REDIS_URL = TEST_REDIS_URL;

const available = await redisAnswers();
if (!available) console.warn(`SKIPPING the per-e-mail key test: no Redis answers at ${REDIS_URL}`);

describe.skipIf(!available)("the provider's per-e-mail limits in Redis", () => {
  let t: TestApp;
  // A key prefix of this run's own: earlier runs' keys stay in Redis until they expire.
  const prefix = `arcadia-test-${randomInt(1_000_000_000)}:`;
  beforeAll(async () => {
    t = await createTestApp({
      env: { REDIS_URL, REDIS_KEY_PREFIX: prefix },
      embeddedIdentity: true,
    });
  });
  afterAll(() => t?.close());

  it('keys the counters by a hash: Redis holds no e-mail address', async () => {
    const email = `someone.${randomInt(1_000_000)}@example.org`;
    await new IdentityLimits(t.app).byEmail('signin', email);
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}*oidc-signin-email*`);
      const hash = createHash('sha256').update(email).digest('base64url');
      expect(keys.some((key) => key.includes(hash))).toBe(true);
      expect(keys.filter((key) => key.includes('@'))).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });
});
