import { z } from 'zod';

/**
 * Flows that start from a scanned user card: linking one's sign-in to the card's profile
 * (`POST /api/v2/user/me/link`) and meeting another player by their card (`/api/visits`).
 */

/** The most characters a card's claim secret may have (the server issues 43). */
export const USER_CARD_SECRET_MAX = 128;

export const linkCardSchema = z.object({
  userId: z.uuid({ message: 'userId must be a user id' }).toLowerCase(),
  /**
   * The claim secret printed on the card (`?k=` of its URL). Optional in the schema on purpose:
   * a missing secret is answered exactly as a wrong or spent one, and as an unknown card (404).
   */
  secret: z
    .string({ message: 'secret must be a string' })
    .max(USER_CARD_SECRET_MAX, {
      message: `secret must be at most ${USER_CARD_SECRET_MAX} characters`,
    })
    .optional(),
});
export type LinkCardInput = z.infer<typeof linkCardSchema>;

export const arcadeIdSchema = z
  .string()
  .trim()
  .min(1, { message: 'arcadeId must not be empty' })
  .max(64, { message: 'arcadeId must be at most 64 characters' });

export const recordVisitSchema = z.object({
  userId: z.uuid({ message: 'userId must be a user id' }).toLowerCase(),
  arcadeId: arcadeIdSchema.optional(),
});
export type RecordVisitInput = z.infer<typeof recordVisitSchema>;

/** One player the caller met: the latest meeting, where it happened when known. */
export const visitSchema = z.object({
  userId: z.uuid().toLowerCase(),
  userName: z.string(),
  visitedAt: z.iso.datetime({ offset: true }),
  arcade: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Whether the met player is already on the caller's friend list. */
  friend: z.boolean(),
});
export type Visit = z.infer<typeof visitSchema>;

export const visitsResponseSchema = z.object({ visits: z.array(visitSchema) });
export type VisitsResponse = z.infer<typeof visitsResponseSchema>;

/** How many distinct players `GET /api/visits` lists. */
export const VISITS_LIST_LIMIT = 20;
