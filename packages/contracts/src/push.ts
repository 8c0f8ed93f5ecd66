import { z } from 'zod';

/** Standard Web Push (RFC 8030/8291/8292): the browser's subscription as `toJSON()` gives it. */
export const PUSH_ENDPOINT_MAX = 2048;

// P-256 public key, uncompressed (65 bytes, first byte 0x04), base64url: 87 characters.
const p256dhPattern = /^B[A-Za-z0-9_-]{86}=?$/;
// 16 random bytes, base64url: 22 characters.
const authPattern = /^[A-Za-z0-9_-]{22}(==)?$/;

export const pushEndpointSchema = z
  .url({ protocol: /^https?$/, message: 'endpoint must be an http(s) URL' })
  .max(PUSH_ENDPOINT_MAX, { message: `endpoint must be at most ${PUSH_ENDPOINT_MAX} characters` });

export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  // Browsers send it (mostly null); the push service tells us when a subscription is gone.
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(p256dhPattern, {
      message: 'p256dh must be an uncompressed P-256 public key, base64url encoded',
    }),
    auth: z.string().regex(authPattern, {
      message: 'auth must be a 16-byte secret, base64url encoded',
    }),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });

export const pushPublicKeySchema = z.object({
  /** The VAPID application server key for `pushManager.subscribe({ applicationServerKey })`. */
  publicKey: z.string(),
});

export const PUSH_KINDS = ['match_result', 'friend_added', 'news', 'achievement'] as const;
export const pushKindSchema = z.enum(PUSH_KINDS);
export type PushKind = z.infer<typeof pushKindSchema>;

/** What the service worker receives (decrypted) and shows; url is a path of the app. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().regex(/^\/(?![/\\])[^\s]*$/, { message: 'url must be an app path' }),
  tag: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
