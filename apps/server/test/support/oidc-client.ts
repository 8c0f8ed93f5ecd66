import { randomBytes } from 'node:crypto';
import { AUTH_SCOPES } from '@arcadia/contracts';
import { formOf, pkcePair, TestBrowser, type Page } from './browser';

export interface Tokens {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope: string;
}

export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * The app's side of the sign-in, as oidc-client-ts does it: authorization request with PKCE
 * S256, state and nonce; the code at the token endpoint; refresh; RP-initiated logout.
 */
export class TestOidcClient {
  readonly browser: TestBrowser;
  readonly redirectUri: string;
  verifier = '';
  state = '';
  nonce = '';

  constructor(
    readonly base: string,
    readonly clientId = 'arcadia-web',
    acceptLanguage?: string,
  ) {
    this.browser = new TestBrowser(base, acceptLanguage);
    this.redirectUri = `${base}/login/callback`;
  }

  authorizeUrl(overrides: Record<string, string> = {}): string {
    const { verifier, challenge } = pkcePair();
    this.verifier = verifier;
    this.state = randomBytes(8).toString('hex');
    this.nonce = randomBytes(8).toString('hex');
    const params = new URLSearchParams({
      client_id: this.clientId,
      response_type: 'code',
      redirect_uri: this.redirectUri,
      scope: AUTH_SCOPES,
      state: this.state,
      nonce: this.nonce,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...overrides,
    });
    return `/oidc/authorize?${params.toString()}`;
  }

  /** Starts a sign-in; returns the page the provider shows (the sign-in page). */
  async begin(overrides: Record<string, string> = {}): Promise<Page & { leftFor?: string }> {
    return this.browser.navigate(this.authorizeUrl(overrides));
  }

  /** Posts the first form of a page with the given fields; follows the redirects. */
  async submit(page: Page, fields: Record<string, string>) {
    const form = formOf(page.text);
    return this.browser.navigate(new URL(form.action, page.url).href, {
      form: { ...form.fields, ...fields },
    });
  }

  /** The code from the URL the provider sent the browser back to (state checked). */
  codeFrom(leftFor: string | undefined): string {
    if (!leftFor) throw new Error('the provider did not redirect back to the app');
    const url = new URL(leftFor);
    if (url.searchParams.get('error')) {
      throw new Error(
        `authorization error: ${url.searchParams.get('error')} ${url.searchParams.get('error_description')}`,
      );
    }
    if (url.searchParams.get('state') !== this.state) throw new Error('state mismatch');
    return url.searchParams.get('code')!;
  }

  /** Creates an account through the pages and returns the authorization code. */
  async signUp(account: { email: string; password: string; nickname: string }): Promise<string> {
    const signIn = await this.begin();
    const signUpPage = await this.browser.navigate(
      new URL(/href="([^"]*\/signup)"/.exec(signIn.text)![1]!, signIn.url).href,
    );
    const done = await this.submit(signUpPage, account);
    return this.codeFrom(done.leftFor);
  }

  async signIn(email: string, password: string): Promise<string> {
    const page = await this.begin();
    const done = await this.submit(page, { email, password });
    return this.codeFrom(done.leftFor);
  }

  async token(form: Record<string, string>): Promise<TokenAnswer> {
    const res = await fetch(`${this.base}/oidc/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: this.clientId, ...form }).toString(),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async exchange(code: string, verifier = this.verifier): Promise<TokenAnswer> {
    return this.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.redirectUri,
      code_verifier: verifier,
    });
  }

  async tokens(code: string): Promise<Tokens> {
    const answer = await this.exchange(code);
    if (answer.status !== 200)
      throw new Error(`token exchange failed: ${JSON.stringify(answer.body)}`);
    return answer.body as unknown as Tokens;
  }

  refresh(refreshToken: string): Promise<TokenAnswer> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** RFC 7009 revocation, as oidc-client-ts's revokeTokens does it. */
  async revoke(token: string, hint = 'refresh_token'): Promise<{ status: number }> {
    const res = await fetch(`${this.base}/oidc/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: this.clientId, token, token_type_hint: hint }),
    });
    await res.arrayBuffer();
    return { status: res.status };
  }
}

/**
 * The client's requests come from `address` (X-Forwarded-For; the app under test trusts a
 * proxy), as several players or an attacker behind their own addresses.
 */
export function fromAddress(client: TestOidcClient, address: string): TestOidcClient {
  const request = client.browser.request.bind(client.browser);
  client.browser.request = (target, options = {}) =>
    request(target, { ...options, headers: { 'x-forwarded-for': address, ...options.headers } });
  return client;
}
