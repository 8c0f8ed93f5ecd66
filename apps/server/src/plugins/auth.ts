import { createHash } from 'node:crypto';
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
import { sql } from 'drizzle-orm';
import { ACCOUNT_SUSPENDED } from '@arcadia/contracts';
import type { Database, Queryable, Tx } from '../db/client';
import { listen, type Listener } from '../db/listen';
import type { AppEventHandler } from '../events/map';
import { AppError, unauthorized } from './errors';
import { VerifiedCredentialCache } from './credential-cache';

/** How long a verified token is taken on trust before its signature is checked again. */
const VERIFIED_TOKEN_TTL_MS = 60_000;
const VERIFIED_TOKENS_MAX = 10_000;
/**
 * While the deletion notifications do not arrive (a dropped LISTEN connection reconnecting), a
 * cached token's account is checked again when the check is older than this.
 */
const UNNOTIFIED_ACCOUNT_CHECK_MS = 5_000;
/**
 * The channel a sign-in whose tokens must stop at once is announced on (payload: its sub): a
 * deleted account, a suspended player.
 */
const ACCOUNT_REVOKED_CHANNEL = 'arcadia_account_deleted';

/**
 * Announces to every server process (NOTIFY, delivered when the transaction commits) that a
 * sign-in's tokens must be checked again, so that each drops the tokens it cached for it.
 */
export async function announceRevokedAccount(tx: Tx, sub: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${ACCOUNT_REVOKED_CHANNEL}, ${sub})`);
}

/** The channel a signed-out access token is announced on (payload: its tokenHash). */
const TOKEN_REVOKED_CHANNEL = 'arcadia_token_revoked';

/**
 * One spelling per token. A JWS signature's base64url text can be written several ways that
 * decode to the same bytes (padding, the unused low bits of its last character), and jose takes
 * each; the header and payload cannot vary, as the signature covers their text. So the signature
 * is decoded and encoded again before a token is cached or named.
 */
export function canonicalToken(token: string): string {
  const parts = token.split('.');
  if (parts.length !== 3) return token;
  const [header, payload, signature] = parts as [string, string, string];
  return `${header}.${payload}.${Buffer.from(signature, 'base64url').toString('base64url')}`;
}

/** How a token is named where it is revoked: SHA-256, base64url (the token itself is a secret). */
export const tokenHash = (token: string): string =>
  createHash('sha256').update(canonicalToken(token)).digest('base64url');

/** Announces a signed-out token or grant name to every server process (NOTIFY, on commit). */
export async function announceRevokedToken(tx: Queryable, name: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${TOKEN_REVOKED_CHANNEL}, ${name})`);
}

/**
 * The claim in which the embedded provider's access tokens name their grant (a hash of its id):
 * signing out ends every access token of that grant (the session), not only the one sent.
 */
export const GRANT_CLAIM = 'gid';

/**
 * The claim in which the embedded provider's access tokens say when they were issued, in
 * milliseconds: `iat` counts whole seconds, too coarse to tell a token of the second an account
 * was signed out everywhere (a suspension, a password reset) from one of a sign-in just after it.
 */
export const ISSUED_MS_CLAIM = 'iat_ms';

/**
 * When a token was issued, in milliseconds: its ISSUED_MS_CLAIM when that agrees with `iat`,
 * else the start of its `iat` second (so a token of a cut's own second counts as before it).
 */
export function issuedAtMs(payload: JWTPayload): number | undefined {
  const ms = payload[ISSUED_MS_CLAIM];
  if (typeof payload.iat !== 'number') return undefined;
  if (typeof ms === 'number' && Number.isInteger(ms) && Math.floor(ms / 1000) === payload.iat)
    return ms;
  return payload.iat * 1000;
}

/** How a grant is named among signed-out tokens (`revoked_tokens.token_hash`). */
export const grantName = (grant: string): string => `grant:${grant}`;

/** The names a verified token is refused by when signed out: its own, and its grant's. */
export function revocationNames(auth: Pick<AuthContext, 'tokenHash' | 'grant'>): string[] {
  return auth.grant ? [auth.tokenHash, grantName(auth.grant)] : [auth.tokenHash];
}

/** A deleted player's sign-in is announced (announceRevokedAccount). */
export const announceDeletedAccount: AppEventHandler<'user.deleted'> = async (tx, user) => {
  if (user.identitySub) await announceRevokedAccount(tx, user.identitySub);
};

export interface TokenVerifier {
  issuer: string;
  audience: string;
  getKey: JWTVerifyGetKey;
  /**
   * Whether the account a token was issued for still exists (the embedded provider: its
   * accounts table). A token whose account is gone is refused with 401 although its signature
   * and lifetime are fine: a deleted player's token must not act (e.g. register a new profile
   * nobody could delete). Nor is one issued before the account was signed out everywhere (a
   * password reset). Not set for an external issuer, whose accounts are not ours.
   */
  accountExists?: (sub: string, issuedAtMs: number | undefined) => Promise<boolean>;
}

export interface AuthContext {
  sub: string;
  scopes: Set<string>;
  claims: JWTPayload;
  /** tokenHash of the bearer token: what signing it out (POST /api/v2/user/logout) names. */
  tokenHash: string;
  /** The token's grant (GRANT_CLAIM), when its issuer names one: the embedded provider's do. */
  grant?: string;
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
    /**
     * Forgets the verified tokens of an account that was just deleted or suspended in this
     * process (the other processes hear of it through ACCOUNT_REVOKED_CHANNEL).
     */
    forgetAccount(sub: string): void;
    /**
     * Calls `listener` with the sub of every account whose tokens stop from now on (deleted,
     * suspended, password reset; in this process or announced by another): what holds a
     * connection open for a token (the live channel) ends it.
     */
    onAccountRevoked(listener: (sub: string) => void): void;
    /**
     * Forgets the tokens a name signed out in this process stands for (a tokenHash, or a grant's
     * name); the other processes hear of it through TOKEN_REVOKED_CHANNEL.
     */
    forgetToken(name: string): void;
    /** Calls `listener` with every name signed out from now on (see revocationNames). */
    onTokenRevoked(listener: (name: string) => void): void;
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

/** The bearer token of a request, null without an Authorization header; 401 when malformed. */
export function bearer(request: FastifyRequest): string | null {
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
 *
 * Verified tokens are cached (VERIFIED_TOKEN_TTL_MS), and for the embedded provider the cache
 * also holds that the token's account existed: a cached token costs no database round trip.
 * The token of a suspended player (`accountSuspended`, users.suspended_at) is refused with 403
 * account_suspended, whichever issuer signed it.
 *
 * Several server processes: a profile deletion or suspension sends NOTIFY on
 * ACCOUNT_REVOKED_CHANNEL in its transaction, and every process LISTENs and drops that account's
 * tokens from its cache when the change commits (the changing process also drops them at once,
 * forgetAccount). While the LISTEN connection is down, a cached account is checked again after
 * UNNOTIFIED_ACCOUNT_CHECK_MS, and the cache is emptied when listening resumes.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      verifier: () => TokenVerifier;
      database?: Database | undefined;
      /** Whether the profile linked to a sign-in is suspended (features/users suspendedSignIn). */
      accountSuspended?: ((sub: string) => Promise<boolean>) | undefined;
      /** Whether any of a token's names (revocationNames) was signed out (tokenSignedOut). */
      tokenRevoked?: ((names: string[]) => Promise<boolean>) | undefined;
    },
  ) => {
    app.decorateRequest('auth', null);
    const verified = new VerifiedCredentialCache<{ auth: AuthContext; checkedAt: number }>({
      ttlMs: VERIFIED_TOKEN_TTL_MS,
      max: VERIFIED_TOKENS_MAX,
    });
    /** Accounts deleted lately, so that a check that raced the deletion is not cached. */
    const deleted = new Map<string, number>();
    const revokedListeners = new Set<(sub: string) => void>();
    const tokenListeners = new Set<(hash: string) => void>();
    /** Tokens signed out lately, so that a check that raced the sign-out is not cached. */
    const signedOut = new Map<string, number>();
    const forgetToken = (hash: string) => {
      const now = Date.now();
      for (const [gone, until] of signedOut) if (until < now) signedOut.delete(gone);
      signedOut.set(hash, now + VERIFIED_TOKEN_TTL_MS);
      verified.forget((entry) => revocationNames(entry.auth).includes(hash));
      for (const listener of tokenListeners) listener(hash);
    };
    app.decorate('forgetToken', forgetToken);
    app.decorate('onTokenRevoked', (listener: (hash: string) => void) => {
      tokenListeners.add(listener);
    });
    const forgetAccount = (sub: string) => {
      const now = Date.now();
      for (const [gone, until] of deleted) if (until < now) deleted.delete(gone);
      deleted.set(sub, now + VERIFIED_TOKEN_TTL_MS);
      verified.forget((entry) => entry.auth.sub === sub);
      for (const listener of revokedListeners) listener(sub);
    };
    app.decorate('forgetAccount', forgetAccount);
    app.decorate('onAccountRevoked', (listener: (sub: string) => void) => {
      revokedListeners.add(listener);
    });
    const listeners: Listener[] = [];
    // Only accounts or tokens that are checked (the embedded provider's accounts, suspensions,
    // signed-out tokens) have news to hear.
    const checksAccounts = (verifier: TokenVerifier) =>
      Boolean(verifier.accountExists ?? opts.accountSuspended ?? opts.tokenRevoked);
    if (opts.database && checksAccounts(opts.verifier())) {
      listeners.push(
        await listen(opts.database, ACCOUNT_REVOKED_CHANNEL, {
          onPayload: forgetAccount,
          onReconnect: () => verified.clear(),
        }),
      );
      if (opts.tokenRevoked)
        listeners.push(
          await listen(opts.database, TOKEN_REVOKED_CHANNEL, {
            onPayload: forgetToken,
            onReconnect: () => verified.clear(),
          }),
        );
      app.addHook('onClose', async () => {
        await Promise.all(listeners.map((l) => l.close()));
      });
    }
    const hearing = () => listeners.length > 0 && listeners.every((l) => l.listening);
    let cachedFor: TokenVerifier | undefined;
    app.decorate('verifyToken', async (given: string): Promise<AuthContext> => {
      const verifier = opts.verifier();
      if (verifier !== cachedFor) {
        verified.clear();
        cachedFor = verifier;
      }
      // Every spelling of one token is one entry, and one name when signed out.
      const token = canonicalToken(given);
      const known = verified.get(token);
      if (
        known &&
        (!checksAccounts(verifier) ||
          hearing() ||
          Date.now() - known.checkedAt < UNNOTIFIED_ACCOUNT_CHECK_MS)
      )
        return known.auth;
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, verifier.getKey, {
          issuer: verifier.issuer,
          audience: verifier.audience,
          algorithms: ['RS256'],
          clockTolerance: TOKEN_LEEWAY_SECONDS,
          requiredClaims: ['sub', 'exp'],
        }));
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
      const grant = payload[GRANT_CLAIM];
      const auth: AuthContext = {
        sub: payload.sub!,
        scopes: scopesOf(payload),
        claims: payload,
        tokenHash: tokenHash(token),
        ...(typeof grant === 'string' && grant ? { grant } : {}),
      };
      const names = revocationNames(auth);
      const checkedAt = Date.now();
      if (opts.tokenRevoked && (await opts.tokenRevoked(names)))
        throw unauthorized('This token was signed out');
      if (verifier.accountExists && !(await verifier.accountExists(auth.sub, issuedAtMs(payload))))
        throw unauthorized('The account of this token no longer exists or was signed out');
      if (opts.accountSuspended && (await opts.accountSuspended(auth.sub)))
        throw new AppError(403, ACCOUNT_SUSPENDED, 'This account is suspended');
      if (!deleted.has(auth.sub) && !names.some((name) => signedOut.has(name)))
        verified.set(token, { auth, checkedAt }, (payload.exp! + TOKEN_LEEWAY_SECONDS) * 1000);
      return auth;
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
