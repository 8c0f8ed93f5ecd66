import Fastify, { type FastifyInstance } from 'fastify';
import { generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authPlugin, type TokenVerifier } from './auth';

/**
 * The account check of embedded-provider tokens is cached with the token (no database round
 * trip for a cached token) and dropped when the account is deleted.
 */
describe('verifyToken: the account of an embedded-provider token', () => {
  let app: FastifyInstance;
  let privateKey: CryptoKey;
  const exists = new Set(['acc-1', 'acc-2']);
  const accountExists = vi.fn(async (sub: string) => exists.has(sub));
  const mint = (sub: string) =>
    new SignJWT({ scope: 'read:users' })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer('https://issuer.test')
      .setAudience('api')
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);

  beforeAll(async () => {
    const keys = await generateKeyPair('RS256');
    privateKey = keys.privateKey;
    const verifier: TokenVerifier = {
      issuer: 'https://issuer.test',
      audience: 'api',
      getKey: async () => keys.publicKey,
      accountExists,
    };
    app = Fastify();
    await app.register(authPlugin, { verifier: () => verifier });
    await app.ready();
  });
  afterAll(() => app.close());

  it('checks the account once per token, then takes the cached answer', async () => {
    const token = await mint('acc-1');
    accountExists.mockClear();
    for (let i = 0; i < 3; i++) expect((await app.verifyToken(token)).sub).toBe('acc-1');
    expect(accountExists).toHaveBeenCalledTimes(1);
  });

  it('refuses a token whose account does not exist with 401', async () => {
    await expect(app.verifyToken(await mint('acc-gone'))).rejects.toMatchObject({
      statusCode: 401,
      message: 'The account of this token no longer exists or was signed out',
    });
  });

  it('forgets a deleted account’s cached tokens at once', async () => {
    const token = await mint('acc-2');
    await app.verifyToken(token);
    exists.delete('acc-2');
    app.forgetAccount('acc-2');
    await expect(app.verifyToken(token)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('without deletion notifications, checks a cached account again after a few seconds', async () => {
    exists.add('acc-3');
    const token = await mint('acc-3');
    await app.verifyToken(token);
    exists.delete('acc-3'); // deleted by another process whose NOTIFY this one cannot hear
    await app.verifyToken(token); // still cached
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 6_000);
      await expect(app.verifyToken(token)).rejects.toMatchObject({ statusCode: 401 });
    } finally {
      vi.useRealTimers();
    }
  });
});

/** A token signed out while its first check is under way is not cached as valid. */
describe('verifyToken: a token signed out during its check', () => {
  it('checks it again next time instead of taking the raced answer', async () => {
    const keys = await generateKeyPair('RS256');
    const revoked = new Set<string>();
    const app: FastifyInstance = Fastify();
    const tokenRevoked = vi.fn(async (names: string[]) => {
      const [hash] = names as [string];
      const answer = revoked.has(hash);
      // The sign-out commits and is heard right after this check read the table.
      revoked.add(hash);
      app.forgetToken(hash);
      return answer;
    });
    const verifier: TokenVerifier = {
      issuer: 'https://issuer.test',
      audience: 'api',
      getKey: async () => keys.publicKey,
    };
    await app.register(authPlugin, { verifier: () => verifier, tokenRevoked });
    await app.ready();
    try {
      const token = await new SignJWT({ scope: 'read:users' })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer('https://issuer.test')
        .setAudience('api')
        .setSubject('acc-9')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(keys.privateKey);
      expect((await app.verifyToken(token)).sub).toBe('acc-9');
      await expect(app.verifyToken(token)).rejects.toMatchObject({
        statusCode: 401,
        message: 'This token was signed out',
      });
      expect(tokenRevoked).toHaveBeenCalledTimes(2);
    } finally {
      await app.close();
    }
  });
});
