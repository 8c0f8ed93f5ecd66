import { z } from 'zod';
import { gameTypeSchema, localizedTextSchema } from './games';

/**
 * Claiming a guest's result. After a match the device asks for one claim code per guest slot
 * (`POST /api/device/v1/games/{id}/claims`, DeviceClaims) and shows each as a QR code: a URL
 * `{public url}/claim/{token}`. A signed-in, registered player who opens it within
 * CLAIM_TTL_HOURS of the game being stored sees the result (`GET /api/claims/{token}`,
 * ClaimPreview) and takes it (`POST /api/claims/{token}`): the slot becomes theirs, with their
 * statistics and rating — once only.
 *
 * Errors (ClaimErrorCode): 404 claim_not_found (unknown code, or replaced by a newer one for the
 * slot), 410 claim_expired, 409 claim_used (taken already, by a code or by an operator),
 * 409 claim_game_voided, 409 claim_already_in_game (the player is in that game already),
 * 404 not_registered, 429 rate_limited.
 */

/** How long after the game is stored its claim codes work. */
export const CLAIM_TTL_HOURS = 24;
/** Claim calls (preview and claim) per player and window: codes cannot be guessed by trying. */
export const CLAIM_LIMIT = { max: 30, windowMinutes: 10 } as const;
/** 24 random bytes as lowercase hex: no hyphen, so a claim URL is never read as a user card. */
export const CLAIM_TOKEN_PATTERN = /^[0-9a-f]{48}$/;

export const CLAIM_ERROR_CODES = [
  'claim_not_found',
  'claim_expired',
  'claim_used',
  'claim_game_voided',
  'claim_already_in_game',
] as const;
export type ClaimErrorCode = (typeof CLAIM_ERROR_CODES)[number];

export const claimParamsSchema = z.object({
  token: z.string().regex(CLAIM_TOKEN_PATTERN, { message: 'token must be a claim code' }),
});

/** The web route of a claim code. */
export const claimPath = (token: string) => `/claim/${token}`;
/** The URL a claim QR carries. */
export const claimUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}${claimPath(token)}`;

/**
 * The token of a scanned claim code: an http(s) URL whose path ends in `/claim/{token}` (any
 * host: the app may be served under another origin than the one printed). Null otherwise.
 */
export function parseClaimCode(value: string): string | null {
  const text = value.trim();
  if (!/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const match = /\/claim\/([^/]+)\/?$/.exec(url.pathname);
  const token = match?.[1]?.toLowerCase();
  return token && CLAIM_TOKEN_PATTERN.test(token) ? token : null;
}

/** One guest's claim code, as the device shows it beside the guest's result. */
export const deviceClaimSchema = z.object({
  /** game_players id of the guest's slot. */
  slotId: z.number().int(),
  name: z.string(),
  teamId: z.number().int().nullable(),
  kills: z.number().int(),
  deaths: z.number().int(),
  score: z.number().int(),
  /** What the QR code carries: `{public url}/claim/{token}`. */
  url: z.string(),
});
export type DeviceClaim = z.infer<typeof deviceClaimSchema>;

/**
 * The claim codes of a reported game: one per guest slot that can still be claimed (none when
 * the game is voided or the codes expired). Asking again gives new codes and the old ones stop
 * working: one live code per slot, never two.
 */
export const deviceClaimsSchema = z.object({
  gameId: z.uuid().toLowerCase(),
  expiresAt: z.string(),
  claims: z.array(deviceClaimSchema),
});
export type DeviceClaims = z.infer<typeof deviceClaimsSchema>;

export const deviceClaimsParamsSchema = z.object({
  gameId: z.uuid({ message: 'gameId must be a game id' }).toLowerCase(),
});

/** What a claim code gives: the game and the guest's result in it. */
export const claimPreviewSchema = z.object({
  gameId: z.uuid().toLowerCase(),
  type: gameTypeSchema,
  modeName: localizedTextSchema,
  application: z.object({ id: z.string(), name: z.string() }),
  arcade: z.object({ id: z.string(), name: z.string() }),
  device: z.object({ id: z.string(), name: z.string() }),
  map: z.object({ id: z.string(), name: z.string() }),
  playedAt: z.string(),
  expiresAt: z.string(),
  guest: z.object({
    name: z.string(),
    kills: z.number().int(),
    deaths: z.number().int(),
    score: z.number().int(),
    won: z.boolean(),
  }),
  /**
   * The result is the player's already (taken with this code, or given by an operator): the app
   * says so and links the match instead of offering to take it. Taking it again answers 200.
   */
  claimed: z.boolean(),
});
export type ClaimPreview = z.infer<typeof claimPreviewSchema>;

export const claimedSchema = z.object({ gameId: z.uuid().toLowerCase() });
export type Claimed = z.infer<typeof claimedSchema>;
