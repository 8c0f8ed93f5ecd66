import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { TOKEN_LEEWAY_SECONDS, type ApiScope } from '@arcadia/contracts';
import { AppError, unauthorized } from './errors';
import { VerifiedCredentialCache } from './credential-cache';

/** How long a verified token is taken on trust before its signature is checked again. */
const VERIFIED_TOKEN_TTL_MS = 60_000;
const VERIFIED_TOKENS_MAX = 10_000;

export interface TokenVerifier {
  issuer: string;
  audience: string;
  getKey: JWTVerifyGetKey;
}

export interface AuthContext {
  sub: string;
  scopes: Set<string>;
  claims: JWTPayload;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every authenticated route; null on public routes without a token. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** The scope a route needs; 'public' lets it through without a token. */
    scope?: ApiScope | 'public';
  }
  interface FastifyInstance {
    verifyToken(token: string): Promise<AuthContext>;
  }
}

/**
 * JWKS of an external issuer, found through its discovery document unless given. Discovery runs
 * on the first token, so the server starts even while the issuer is briefly unreachable.
 */
export function remoteVerifier(issuer: string, audience: string, jwksUri?: string): TokenVerifier {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const discover = async (): Promise<JWTVerifyGetKey> => {
    if (jwksUri) return createRemoteJWKSet(new URL(jwksUri));
    const discovery = new URL(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
    const res = await fetch(discovery, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`OIDC discovery at ${discovery.href} answered ${res.status}`);
    const doc = (await res.json()) as { jwks_uri?: string };
    if (!doc.jwks_uri) throw new Error(`OIDC discovery at ${discovery.href} has no jwks_uri`);
    return createRemoteJWKSet(new URL(doc.jwks_uri));
  };
  return {
    issuer,
    audience,
    getKey: async (header, token) => {
      keySet ??= discover().catch((error: unknown) => {
        keySet = undefined;
        throw error;
      });
      return (await keySet)(header, token);
    },
  };
}

function scopesOf(claims: JWTPayload): Set<string> {
  const raw = claims.scope ?? claims.scp;
  const list: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(' ') : [];
  // Auth0 puts RBAC grants in `permissions`.
  const permissions: unknown[] = Array.isArray(claims.permissions) ? claims.permissions : [];
  return new Set([...list, ...permissions].filter((s): s is string => typeof s === 'string'));
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  // The scheme name is case-insensitive (RFC 7235 §2.1); the token is not.
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <token>"');
  return match[1];
}

/**
 * Bearer JWT verification: RS256 only, issuer, audience, exp/nbf with 60 s leeway, and the
 * route's scope. Registered inside the /api scope so every route there is covered by default.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { verifier: () => TokenVerifier }) => {
    app.decorateRequest('auth', null);
    const verified = new VerifiedCredentialCache<AuthContext>({
      ttlMs: VERIFIED_TOKEN_TTL_MS,
      max: VERIFIED_TOKENS_MAX,
    });
    let cachedFor: TokenVerifier | undefined;
    app.decorate('verifyToken', async (token: string): Promise<AuthContext> => {
      const verifier = opts.verifier();
      if (verifier !== cachedFor) {
        verified.clear();
        cachedFor = verifier;
      }
      const known = verified.get(token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, verifier.getKey, {
          issuer: verifier.issuer,
          audience: verifier.audience,
          algorithms: ['RS256'],
          clockTolerance: TOKEN_LEEWAY_SECONDS,
          requiredClaims: ['sub', 'exp'],
        });
        const auth = { sub: payload.sub!, scopes: scopesOf(payload), claims: payload };
        verified.set(token, auth, (payload.exp! + TOKEN_LEEWAY_SECONDS) * 1000);
        return auth;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) {
          throw unauthorized(
            error instanceof joseErrors.JWTExpired
              ? 'The token has expired'
              : 'The token is not valid',
          );
        }
        throw error;
      }
    });
  },
);

/** onRequest hook for an API scope: authenticates every route unless it is marked public. */
export async function authenticate(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  const scope = request.routeOptions.config.scope ?? 'read:users';
  const token = bearer(request);
  if (!token) {
    if (scope === 'public') return;
    throw unauthorized();
  }
  if (scope === 'public') {
    // A public route uses a token when one is given, but an invalid one is still refused.
    request.auth = await this.verifyToken(token);
    return;
  }
  const auth = await this.verifyToken(token);
  if (!auth.scopes.has(scope)) {
    throw new AppError(403, 'insufficient_scope', `The token lacks the scope ${scope}`);
  }
  request.auth = auth;
}

/** The verified identity of an authenticated route. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
