import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSecretKey } from 'node:crypto';
import {
  exportJWK,
  generateKeyPair,
  SignJWT,
  type JWK,
  type JWTPayload,
  type CryptoKey,
} from 'jose';
import { API_SCOPES } from '@arcadia/contracts';

export const TEST_AUDIENCE = 'https://api.arcadia.test';
export const TEST_CLIENT_ID = 'arcadia-test-client';

export interface MintOptions {
  scopes?: readonly string[];
  issuer?: string;
  audience?: string | string[];
  expiresIn?: number;
  notBefore?: number;
  key?: CryptoKey;
  kid?: string;
  extra?: JWTPayload;
}

/**
 * A real OpenID issuer for tests: an RS256 key pair whose public half is served as a JWKS on
 * loopback through a discovery document, and a minting function for access tokens.
 */
export interface TestIssuer {
  issuer: string;
  jwks: { keys: JWK[] };
  mint(sub: string, options?: MintOptions): Promise<string>;
  /** A token signed by a key that is not in the JWKS (same kid). */
  mintWithForeignKey(sub: string): Promise<string>;
  /** alg none, unsigned. */
  unsigned(sub: string): string;
  /** HS256 "signed" with the public key's bytes: the classic algorithm-confusion attack. */
  hs256WithPublicKey(sub: string): Promise<string>;
  close(): Promise<void>;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function startTestIssuer(): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256');
  const kid = 'test-key-1';
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const jwks = { keys: [jwk] };
  let base = '';
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer: base, jwks_uri: `${base}/jwks` }));
    } else if (req.url === '/jwks') {
      res.end(JSON.stringify(jwks));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const claims = (sub: string, o: MintOptions) => ({
    scope: (o.scopes ?? API_SCOPES).join(' '),
    azp: TEST_CLIENT_ID,
    ...o.extra,
    sub,
  });
  const mint = async (sub: string, o: MintOptions = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT(claims(sub, o))
      .setProtectedHeader({ alg: 'RS256', kid: o.kid ?? kid, typ: 'at+jwt' })
      .setIssuer(o.issuer ?? base)
      .setAudience(o.audience ?? TEST_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + (o.expiresIn ?? 600));
    if (o.notBefore !== undefined) jwt.setNotBefore(now + o.notBefore);
    return jwt.sign(o.key ?? privateKey);
  };
  return {
    get issuer() {
      return base;
    },
    jwks,
    mint,
    mintWithForeignKey: (sub) => mint(sub, { key: foreign.privateKey }),
    unsigned: (sub) => {
      const now = Math.floor(Date.now() / 1000);
      const payload = {
        ...claims(sub, {}),
        iss: base,
        aud: TEST_AUDIENCE,
        iat: now,
        exp: now + 600,
      };
      return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.`;
    },
    hs256WithPublicKey: async (sub) => {
      const pem = Buffer.from(JSON.stringify(jwk));
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims(sub, {}))
        .setProtectedHeader({ alg: 'HS256', kid })
        .setIssuer(base)
        .setAudience(TEST_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(createSecretKey(pem));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
