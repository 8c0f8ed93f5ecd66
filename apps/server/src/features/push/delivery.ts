import webpush from 'web-push';
import type { PushMessage } from '@arcadia/contracts';
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
}

/** Retry-After as seconds or as an HTTP date, in milliseconds from now. */
function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * Sends one Web Push message: encrypted with aes128gcm (RFC 8291) and signed with VAPID
 * (RFC 8292) by web-push, posted with fetch so any http(s) push service works.
 */
export async function deliver(
  subscription: { endpoint: string; p256dh: string; auth: string },
  message: PushMessage,
  options: DeliveryOptions,
): Promise<DeliveryResult> {
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
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: new Uint8Array(details.body),
      redirect: 'error',
      signal: options.signal
        ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)])
        : AbortSignal.timeout(options.timeoutMs),
    });
    await response.body?.cancel();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { outcome: 'retry', error: `${(error as Error).message}${cause ? ` (${cause})` : ''}` };
  }
  const { status } = response;
  if (status >= 200 && status < 300) return { outcome: 'sent' };
  if (status === 404 || status === 410) return { outcome: 'gone', status };
  if (status === 429 || status >= 500) {
    const wait = retryAfter(response.headers.get('retry-after'));
    return {
      outcome: 'retry',
      error: `push service answered ${status}`,
      ...(wait !== undefined ? { retryAfterMs: wait } : {}),
    };
  }
  return { outcome: 'fatal', error: `push service answered ${status}` };
}
