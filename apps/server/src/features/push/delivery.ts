import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushMessage } from '@arcadia/contracts';
import { endpointProblem, PushTargetRefused, type PushTransport } from './endpoint-policy';
import type { VapidKeys } from './vapid';

export type DeliveryResult =
  | { outcome: 'sent' }
  /** 404/410: the push service says the subscription is gone for good. */
  | { outcome: 'gone'; status: number }
  /** Worth another try later: 429, 5xx, timeouts, refused connections. */
  | { outcome: 'retry'; error: string; retryAfterMs?: number }
  /** Will never work: a bad key, a refused VAPID signature, a payload too large. */
  | { outcome: 'fatal'; error: string };

export interface DeliveryOptions {
  vapid: VapidKeys;
  /** mailto: or https: contact of the application server (VAPID "sub"). */
  subject: string;
  timeoutMs: number;
  /** How long the push service keeps an undelivered message (seconds). */
  ttlSeconds: number;
  /** Cancels the request early (server shutdown). */
  signal?: AbortSignal;
  /** The agents (and the policy) every push goes out through. */
  transport: PushTransport;
}

/** Retry-After as seconds or as an HTTP date, in milliseconds from now. */
function retryAfter(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * POSTs once through the transport's agents, whose lookup refuses internal addresses; redirects
 * are answers like any other (never followed).
 */
function post(
  url: URL,
  headers: Record<string, string>,
  body: Buffer,
  transport: PushTransport,
  signal: AbortSignal,
): Promise<{ status: number; retryAfter: string | undefined }> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(body.length) },
        agent: secure ? transport.https : transport.http,
        signal,
      },
      (response) => {
        response.resume();
        const header = response.headers['retry-after'];
        resolve({ status: response.statusCode ?? 0, retryAfter: header });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Sends one Web Push message: encrypted with aes128gcm (RFC 8291) and signed with VAPID
 * (RFC 8292) by web-push, posted through the push transport. The endpoint is checked against
 * the policy again (it may predate it), and the address connected to by the transport's lookup.
 */
export async function deliver(
  subscription: { endpoint: string; p256dh: string; auth: string },
  message: PushMessage,
  options: DeliveryOptions,
): Promise<DeliveryResult> {
  const url = URL.parse(subscription.endpoint);
  const problem = url ? endpointProblem(url, options.transport.policy) : 'is not a URL';
  if (!url || problem) return { outcome: 'fatal', error: `endpoint refused: ${problem}` };
  let details;
  try {
    details = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      JSON.stringify(message),
      {
        vapidDetails: { subject: options.subject, ...options.vapid },
        TTL: options.ttlSeconds,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
  } catch (error) {
    return { outcome: 'fatal', error: `cannot encrypt: ${(error as Error).message}` };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  let answer: { status: number; retryAfter: string | undefined };
  try {
    answer = await post(
      url,
      headers,
      Buffer.from(details.body),
      options.transport,
      options.signal
        ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)])
        : AbortSignal.timeout(options.timeoutMs),
    );
  } catch (error) {
    if (error instanceof PushTargetRefused) {
      return { outcome: 'fatal', error: `endpoint refused: ${error.reason}` };
    }
    const code = (error as { code?: string }).code;
    return { outcome: 'retry', error: `${(error as Error).message}${code ? ` (${code})` : ''}` };
  }
  const { status } = answer;
  if (status >= 200 && status < 300) return { outcome: 'sent' };
  if (status === 404 || status === 410) return { outcome: 'gone', status };
  if (status === 429 || status >= 500) {
    const wait = retryAfter(answer.retryAfter);
    return {
      outcome: 'retry',
      error: `push service answered ${status}`,
      ...(wait !== undefined ? { retryAfterMs: wait } : {}),
    };
  }
  return { outcome: 'fatal', error: `push service answered ${status}` };
}
