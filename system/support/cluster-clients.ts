import { randomInt } from 'node:crypto';
import http from 'node:http';
import { devicePlayersSchema, type DevicePlayers } from '@arcadia/contracts';
import { TestOidcClient, type Tokens } from '../../apps/server/test/support/oidc-client';

/** An answer of the API through the proxy. */
export interface Answer {
  status: number;
  body: unknown;
  /** The x-request-id the app echoed: nginx's $request_id, which finds the request in its log. */
  requestId: string | undefined;
  header(name: string): string | undefined;
  /** The body checked against a contract schema (throws with the body when it does not fit). */
  as<T>(schema: { parse(value: unknown): T }): T;
}

export interface CallOptions {
  token?: string;
  /** A whole Authorization header (devices: `Device <arcade>:<id>:<key>`). */
  authorization?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * The loopback address the request comes from (any of 127.0.0.0/8): a client of its own for
   * the per-address rate limit, apart from every other test on this machine (all on 127.0.0.1).
   */
  localAddress?: string;
}

/** One JSON request, as the web app, a device or a script sends it. */
export function call(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const url = new URL(path, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.authorization) headers.authorization = options.authorization;
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers, localAddress: options.localAddress, timeout: 60_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('error', reject);
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = text ? (JSON.parse(text) as unknown) : undefined;
          } catch {
            // not JSON: keep the text
          }
          const header = (name: string) => {
            const value = res.headers[name.toLowerCase()];
            return Array.isArray(value) ? value.join(', ') : value;
          };
          resolve({
            status: res.statusCode ?? 0,
            body,
            requestId: header('x-request-id'),
            header,
            as: (schema) => {
              try {
                return schema.parse(body);
              } catch (error) {
                throw new Error(
                  `${method} ${path} answered ${res.statusCode}: ${text.slice(0, 500)}`,
                  { cause: error },
                );
              }
            },
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * A loopback address of its own (any of 127.0.0.0/8 reaches 127.0.0.1 on Linux): one client for
 * the per-address rate limit, apart from everything else on this machine.
 */
export function ownLoopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** A player who signed up at the embedded provider's pages and holds tokens. */
export interface SignedUpPlayer {
  email: string;
  password: string;
  nickname: string;
  oidc: TestOidcClient;
  tokens: Tokens;
  /** Where the player's API requests come from (their phone). */
  address: string;
}

/** Signs up through the provider's pages (PKCE S256) and exchanges the code, as the web app does. */
export async function signUpPlayer(base: string, nickname: string): Promise<SignedUpPlayer> {
  const email = `${nickname.toLowerCase()}@cluster.example`;
  const password = `${nickname}-plays-Arcadia-2024`;
  const oidc = new TestOidcClient(base);
  const code = await oidc.signUp({ email, password, nickname });
  const tokens = await oidc.tokens(code);
  return { email, password, nickname, oidc, tokens, address: ownLoopbackAddress() };
}

/** A device's server-sent event stream of its roster (`GET /api/device/v1/players/stream`). */
export interface RosterStream {
  /** Resolves with the first roster (already received or still to come) that `matches`. */
  next(matches: (roster: DevicePlayers) => boolean, ms: number): Promise<DevicePlayers>;
  close(): void;
}

export async function openRosterStream(base: string, authorization: string): Promise<RosterStream> {
  const received: DevicePlayers[] = [];
  const waiters = new Set<() => void>();
  const request = http.get(new URL('/api/device/v1/players/stream', base), {
    headers: { authorization, accept: 'text/event-stream' },
  });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  if (res.statusCode !== 200) throw new Error(`the roster stream answered ${res.statusCode}`);
  res.setEncoding('utf8');
  let buffer = '';
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      const data = lines.find((l) => l.startsWith('data: '));
      if (lines.includes('event: players') && data) {
        received.push(devicePlayersSchema.parse(JSON.parse(data.slice('data: '.length))));
        for (const wake of [...waiters]) wake();
      }
    }
  });
  res.on('error', () => undefined);
  return {
    next: (matches, ms) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(matches);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(`no matching roster event within ${ms} ms: ${JSON.stringify(received)}`),
          );
        }, ms);
        if (!check()) waiters.add(wake);
      }),
    close: () => request.destroy(),
  };
}
