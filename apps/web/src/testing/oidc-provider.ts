/**
 * Test support: a real HTTP token endpoint on loopback that signs RS256 ID tokens, so the
 * sign-in completion runs oidc-client-ts's real code exchange (PKCE) end to end in unit tests.
 * The browser journeys in e2e/ run the same against the server's embedded provider.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { generateKeyPairSync, createSign, type KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  InMemoryWebStorage,
  OidcClient,
  UserManager,
  WebStorageStateStore,
  type UserManagerSettings,
} from 'oidc-client-ts';

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function signJwt(
  claims: Record<string, unknown>,
  key: KeyObject,
  header: Record<string, unknown> = { alg: 'RS256', typ: 'JWT', kid: 'test' },
): string {
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(input).sign(key);
  return `${input}.${b64url(signature)}`;
}

export interface TokenRequest {
  grant_type: string;
  code?: string;
  code_verifier?: string;
  redirect_uri?: string;
  client_id?: string;
  refresh_token?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  requests: TokenRequest[];
  /** Claims of the next ID token (merged over valid defaults); `nonce` is echoed by default. */
  nextClaims: Record<string, unknown>;
  /** Answer the next token request with this OAuth error instead. */
  nextError: { error: string; error_description?: string } | null;
  /** Lifetime of the access tokens handed out, in seconds. */
  expiresIn: number;
  /** Token requests are answered this many milliseconds late (a slow provider). */
  delayMs: number;
  /** Remembers which nonce a code was issued for (the tests hand out codes themselves). */
  bindCode(code: string, nonce?: string): void;
  manager(storage?: Storage, overrides?: Partial<UserManagerSettings>): UserManager;
  client(storage: Storage): OidcClient;
  close(): Promise<void>;
}

async function readForm(req: IncomingMessage): Promise<TokenRequest> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return Object.fromEntries(new URLSearchParams(body)) as unknown as TokenRequest;
}

export async function startTestProvider(): Promise<TestProvider> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientId = 'arcadia-test';
  const nonces = new Map<string, string | undefined>();
  const provider = {} as TestProvider;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const form = await readForm(req);
      provider.requests.push(form);
      if (provider.delayMs > 0)
        await new Promise((resolve) => setTimeout(resolve, provider.delayMs));
      res.setHeader('content-type', 'application/json');
      res.setHeader('access-control-allow-origin', '*');
      if (provider.nextError) {
        res.statusCode = 400;
        res.end(JSON.stringify(provider.nextError));
        provider.nextError = null;
        return;
      }
      const now = Math.floor(Date.now() / 1000);
      const idToken = signJwt(
        {
          iss: provider.issuer,
          sub: 'sub-123',
          aud: clientId,
          iat: now,
          exp: now + 300,
          email: 'neo@example.org',
          nickname: 'neo',
          nonce: form.code ? nonces.get(form.code) : undefined,
          ...provider.nextClaims,
        },
        privateKey,
      );
      provider.nextClaims = {};
      res.end(
        JSON.stringify({
          access_token: `at-${provider.requests.length}`,
          token_type: 'Bearer',
          expires_in: provider.expiresIn,
          refresh_token: `rt-${provider.requests.length}`,
          id_token: idToken,
          scope: 'openid profile email offline_access',
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const settings = (storage: Storage) => ({
    authority: issuer,
    client_id: clientId,
    redirect_uri: 'http://localhost/login/callback',
    scope: 'openid profile email offline_access',
    metadata: {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      end_session_endpoint: `${issuer}/v2/logout`,
    },
    userStore: new WebStorageStateStore({ store: storage, prefix: 'arcadia.oidc.' }),
    stateStore: new WebStorageStateStore({ store: storage, prefix: 'arcadia.oidc.' }),
    automaticSilentRenew: false,
  });
  Object.assign(provider, {
    issuer,
    clientId,
    requests: [],
    nextClaims: {},
    nextError: null,
    expiresIn: 300,
    delayMs: 0,
    bindCode: (code: string, nonce?: string) => nonces.set(code, nonce),
    manager: (
      storage: Storage = new InMemoryWebStorage(),
      overrides: Partial<UserManagerSettings> = {},
    ) => new UserManager({ ...settings(storage), ...overrides }),
    client: (storage: Storage) => new OidcClient(settings(storage)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return provider;
}

/**
 * Starts a redirect sign-in the way the app does (state carries returnTo, a nonce is sent) and
 * answers the callback URL the provider would send back with `code`.
 */
export async function beginTestSignIn(
  provider: TestProvider,
  storage: Storage,
  { returnTo = '/', code = 'code-1', nonce = 'nonce-1' } = {},
): Promise<{ callbackUrl: string; state: string }> {
  const request = await provider.client(storage).createSigninRequest({
    request_type: 'si:r',
    state: { returnTo },
    nonce,
  });
  provider.bindCode(code, nonce);
  const state = new URL(request.url).searchParams.get('state') ?? '';
  return { callbackUrl: `http://localhost/login/callback?code=${code}&state=${state}`, state };
}
