import type { FastifyBaseLogger } from 'fastify';
import type { JWK } from 'jose';
import Provider, {
  type Adapter,
  errors,
  interactionPolicy,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { API_SCOPES } from '@arcadia/contracts';
import { GRANT_CLAIM, ISSUED_MS_CLAIM } from '../../plugins/auth';
import { grantClaimOf, signOutGrants } from './sign-out';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findAccountById } from './accounts';
import { ConsumedTwice, databaseAdapter } from './adapter';
import { webClient } from './client-registration';
import {
  ACCESS_TOKEN_TTL,
  AUTHORIZATION_CODE_TTL,
  GRANT_TTL,
  ID_TOKEN_TTL,
  INTERACTION_TTL,
  REFRESH_TOKEN_TTL,
  SESSION_TTL,
} from './lifetimes';
import { pageHeaders } from './page-security';
import { providerPages } from './provider-pages';

/**
 * The database adapter, with two additions:
 * - whenever the provider revokes a grant (a spent refresh token used again, a refresh token
 *   revoked at the revocation endpoint, a reused authorization code, logout) it revokes the
 *   grant's access tokens through the AccessToken model, and as JWTs they are not stored; they
 *   are signed out by their grant claim instead, so a stolen access token stops with the stolen
 *   refresh token's grant;
 * - a code or refresh token consumed by two requests at once (ConsumedTwice) is treated as the
 *   provider treats one used again later: the second request is refused and the grant revoked.
 */
/** Revokes a grant's whole chain (codes, refresh tokens, the grant) and signs out its access tokens. */
async function revokeGrantAndTokens(db: Db, grantId: string, forget: Forget): Promise<void> {
  await databaseAdapter(db)('Grant').revokeByGrantId(grantId);
  await signOutGrants(db, [grantId], forget);
}

/** Drops a signed-out token or grant name from this process's cache of verified tokens. */
type Forget = ((name: string) => void) | undefined;

function revokingAdapter(db: Db, forget: Forget): (model: string) => Adapter {
  const stored = databaseAdapter(db);
  return (model) => {
    const adapter = stored(model);
    return {
      ...adapter,
      async consume(id) {
        try {
          await adapter.consume(id);
        } catch (error) {
          if (!(error instanceof ConsumedTwice)) throw error;
          if (error.grantId) await revokeGrantAndTokens(db, error.grantId, forget);
          throw new errors.InvalidGrant(error.message);
        }
      },
      ...(model === 'AccessToken' && {
        async revokeByGrantId(grantId: string) {
          await adapter.revokeByGrantId(grantId);
          await signOutGrants(db, [grantId], forget);
        },
      }),
    };
  };
}

/** The provider's own endpoints, below the issuer (PUBLIC_URL/oidc); spec §7 names the first three. */
export const PROVIDER_ROUTES = {
  authorization: '/authorize',
  token: '/oauth/token',
  end_session: '/v2/logout',
  revocation: '/oauth/revoke',
  jwks: '/jwks',
} as const;

export const interactionPath = (uid: string) => `/oidc/interaction/${uid}`;

export interface ProviderOptions {
  config: Config;
  db: Db;
  /** Private signing keys, the current one first (see providerKeys). */
  keys: JWK[];
  cookieKeys: string[];
  log: FastifyBaseLogger;
  /** This process's forgetToken (plugins/auth.ts): grants it revokes stop here at once. */
  forgetToken?: (name: string) => void;
}

/**
 * Redirect and post-logout URIs match the registered ones exactly. oidc-provider otherwise lets
 * a native client's loopback URI stand for any port (RFC 8252 §7.3), so
 * `http://localhost:9999/login/callback` would get a code whenever the client is native and a
 * loopback URI is registered; our clients never need that. Only this provider's Client class is
 * changed.
 */
function exactRedirects(provider: Provider): void {
  const client = provider.Client.prototype;
  client.redirectUriAllowed = function (this: { redirectUris?: string[] }, uri: string) {
    return (this.redirectUris ?? []).includes(uri);
  };
  client.postLogoutRedirectUriAllowed = function (
    this: { postLogoutRedirectUris?: string[] },
    uri: string,
  ) {
    return (this.postLogoutRedirectUris ?? []).includes(uri);
  };
}

/** The embedded OpenID provider (panva's oidc-provider) for the first-party app. */
export function createProvider({
  config,
  db,
  keys,
  cookieKeys,
  log,
  forgetToken,
}: ProviderOptions): Provider {
  const { auth } = config;
  const { metadata: client } = webClient(config);
  const webOrigins = new Set(
    (client.redirect_uris ?? [])
      .map((uri) => URL.parse(uri)?.origin)
      .filter((o) => o && o !== 'null'),
  );
  const pages = providerPages(config);

  // The first-party client gets no consent screen (see interactions.ts); native clients are
  // otherwise always prompted, which would break silent renewal with prompt=none.
  const policy = interactionPolicy.base();
  policy.get('consent')?.checks.remove('native_client_prompt');

  const configuration: Configuration = {
    adapter: revokingAdapter(db, forgetToken),
    clients: [client],
    jwks: { keys },
    cookies: {
      keys: cookieKeys,
      names: {
        session: 'arcadia_session',
        interaction: 'arcadia_interaction',
        resume: 'arcadia_resume',
      },
      // The session cookie goes to the provider only, not to every API and page request.
      long: { httpOnly: true, sameSite: 'lax', path: '/oidc' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['nickname'],
    },
    // ID tokens carry the profile claims: the API-audience access token cannot call userinfo.
    conformIdTokenClaims: false,
    // Access tokens name their grant (hashed: the id is the provider's storage key), so that
    // signing out ends every access token of the session, those from before a refresh too
    // (features/identity/sign-out.ts).
    // They also say when they were issued to the millisecond (ISSUED_MS_CLAIM), so that a
    // sign-in just after a suspension is lifted is not taken for a token from before it.
    extraTokenClaims: (_ctx, token) =>
      token.kind === 'AccessToken' && token.grantId
        ? { [GRANT_CLAIM]: grantClaimOf(token.grantId), [ISSUED_MS_CLAIM]: Date.now() }
        : undefined,
    clockTolerance: 60,
    async findAccount(_ctx, sub) {
      const account = await findAccountById(db, sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          email_verified: account.emailVerified,
          nickname: account.nickname,
        }),
      };
    },
    clientBasedCORS: (_ctx, origin) => webOrigins.has(origin),
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      introspection: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, requester, token) => token.clientId === requester.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: pages.logoutSource,
        postLogoutSuccessSource: pages.postLogoutSuccessSource,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) => oneOf ?? auth.audience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resource) {
          if (resource !== auth.audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPES.join(' '),
            audience: auth.audience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256', kid: keys[0]?.kid } },
          };
        },
      },
    },
    pkce: { required: () => true },
    routes: PROVIDER_ROUTES,
    rotateRefreshToken: true,
    // OIDC drops offline_access unless prompt=consent, which oidc-client-ts does not send; the
    // first-party app always asks for it, so its refresh tokens are issued and outlive the
    // one-day session either way (RP-initiated logout still revokes them with the grant).
    issueRefreshToken: (_ctx, requester) =>
      requester.clientId === auth.clientId && requester.grantTypeAllowed('refresh_token'),
    expiresWithSession: () => false,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: AUTHORIZATION_CODE_TTL,
      IdToken: ID_TOKEN_TTL,
      Interaction: INTERACTION_TTL,
      Session: SESSION_TTL,
      Grant: GRANT_TTL,
      RefreshToken: REFRESH_TOKEN_TTL,
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => interactionPath(interaction.uid),
    },
    renderError: pages.renderError,
  };

  const provider = new Provider(auth.issuer, configuration);
  provider.proxy = true;
  exactRedirects(provider);
  // Signing out at the provider signs the app out too: the session's grants are revoked with
  // their refresh tokens, which as offline tokens would otherwise outlive the session.
  provider.use(async (ctx, next) => {
    await next();
    // By the route the provider matched, not the path: its router ignores case and a trailing
    // slash, so `/oidc/V2/Logout/Confirm` ends the session too and must revoke as well.
    const { oidc } = ctx as unknown as KoaContextWithOIDC;
    if (ctx.method !== 'POST' || oidc?.route !== 'end_session_confirm') return;
    const session = oidc?.session as
      { destroyed?: boolean; authorizations?: Record<string, { grantId?: string }> } | undefined;
    if (!session?.destroyed) return;
    const grantIds = Object.values(session.authorizations ?? {}).flatMap(({ grantId }) =>
      grantId ? [grantId] : [],
    );
    // Their access tokens stop too, as after the app's own sign-out.
    for (const grantId of grantIds) await revokeGrantAndTokens(db, grantId, forgetToken);
  });
  // Every answer of the provider gets the identity pages' headers. The CSP is set first so the
  // provider can add the hash of its one inline script (the auto-submitted form_post and logout
  // forms) to script-src; 'none' then gives way to that hash.
  provider.use(async (ctx, next) => {
    const headers = pageHeaders(config);
    ctx.set('content-security-policy', `${headers['content-security-policy']}; script-src 'none'`);
    await next();
    for (const [name, value] of Object.entries(headers)) {
      if (
        name !== 'content-security-policy' &&
        (name !== 'cache-control' || ctx.response.is('html'))
      ) {
        ctx.set(name, value);
      }
    }
    const csp = ctx.response.get('content-security-policy');
    if (/script-src[^;]*'sha256-/.test(csp)) {
      ctx.set('content-security-policy', csp.replace(/script-src 'none' /, 'script-src '));
    }
  });
  // Innermost: its page sets its own headers, which the one above then completes.
  provider.use(async (koa, next) => {
    await next();
    const ctx = koa as unknown as KoaContextWithOIDC;
    const { oidc } = ctx;
    const state = oidc?.session?.state as { secret?: unknown } | undefined;
    if (
      oidc?.route === 'end_session' &&
      ctx.status === 200 &&
      !oidc.session?.accountId &&
      typeof state?.secret === 'string'
    )
      pages.signOutWithoutSession(ctx);
  });
  provider.on('server_error', (_ctx, error) =>
    log.error({ err: error }, 'identity provider error'),
  );
  provider.on('grant.error', (_ctx, error) =>
    log.info({ error: error.message }, 'identity token request refused'),
  );
  return provider;
}
