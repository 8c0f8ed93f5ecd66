import { z } from 'zod';
import { adminArcadeParamsSchema, adminDeviceParamsSchema } from './admin';

/**
 * Printing in the operator console (docs/operator-console.md): a device's QR sign and sheets of
 * user cards for batches of unclaimed profiles. Both come as PDF (vector, fonts embedded) or
 * PNG (300 dpi).
 */

export const PRINT_FORMATS = ['pdf', 'png'] as const;
export const printFormatSchema = z.enum(PRINT_FORMATS);
export type PrintFormat = z.infer<typeof printFormatSchema>;

/** GET /api/admin/arcades/{arcadeId}/devices/{deviceId}/sign?format=pdf|png: an A6 sign. */
export const deviceSignQuerySchema = z.object({ format: printFormatSchema.default('pdf') });
export const deviceSignParamsSchema = adminDeviceParamsSchema;

/** At most this many cards in one batch. */
export const CARD_BATCH_MAX = 100;
/** Cards on one A4 sheet page: two columns of five credit-card sized cards. */
export const CARDS_PER_SHEET_PAGE = 10;
export const CARD_BATCH_LABEL_MAX = 60;

/** POST /api/admin/arcades/{arcadeId}/user-cards/batches. */
export const cardBatchCreateSchema = z.object({
  count: z
    .number({ message: 'count must be a number' })
    .int({ message: 'count must be a whole number' })
    .min(1, { message: 'count must be at least 1' })
    .max(CARD_BATCH_MAX, { message: `count must be at most ${CARD_BATCH_MAX}` }),
  label: z
    .string()
    .trim()
    .max(CARD_BATCH_LABEL_MAX, {
      message: `label must be at most ${CARD_BATCH_LABEL_MAX} characters`,
    })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type CardBatchCreate = z.infer<typeof cardBatchCreateSchema>;

export const cardBatchParamsSchema = adminArcadeParamsSchema.extend({
  batchId: z.uuid({ message: 'batchId must be a batch id' }).toLowerCase(),
});

/** GET …/user-cards/batches: newest first; `before` = the `next` of the previous page. */
export const cardBatchesQuerySchema = z.object({
  before: z.uuid({ message: 'before must be a batch id' }).toLowerCase().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type CardBatchesQuery = z.infer<typeof cardBatchesQuerySchema>;

export const cardBatchSchema = z.object({
  id: z.string(),
  arcadeId: z.string(),
  label: z.string().nullable(),
  /** How many cards the batch was made with. */
  size: z.number().int(),
  /** Cards claimed by a sign-in. */
  claimed: z.number().int(),
  /** Cards still waiting for their player. */
  unclaimed: z.number().int(),
  /** Cards whose profile was deleted since (size − claimed − unclaimed). */
  deleted: z.number().int(),
  createdAt: z.string(),
  /** Who made it; null once that operator deleted their profile. */
  createdBy: z.object({ userId: z.string(), userName: z.string() }).nullable(),
  /** When a sheet was last printed (each print issues new claim secrets); null: never. */
  printedAt: z.string().nullable(),
});
export type CardBatch = z.infer<typeof cardBatchSchema>;

export const cardBatchesSchema = z.object({
  batches: z.array(cardBatchSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: z.string().nullable(),
});
export type CardBatches = z.infer<typeof cardBatchesSchema>;

/**
 * A card of a batch: `unprinted` (no claim secret issued yet), `printed` (its last printed
 * secret can claim it) or `claimed` (linked to a sign-in; its secret is spent and it is left off
 * every sheet).
 */
export const CARD_STATUSES = ['unprinted', 'printed', 'claimed'] as const;
export const cardBatchCardSchema = z.object({
  position: z.number().int(),
  userId: z.string(),
  userName: z.string(),
  status: z.enum(CARD_STATUSES),
  claimedAt: z.string().nullable(),
});
export type CardBatchCard = z.infer<typeof cardBatchCardSchema>;

export const cardBatchDetailSchema = cardBatchSchema.extend({
  cards: z.array(cardBatchCardSchema),
});
export type CardBatchDetail = z.infer<typeof cardBatchDetailSchema>;

/**
 * POST …/user-cards/batches/{batchId}/sheet?format=pdf|png&page=N: the A4 sheet of the batch's
 * unclaimed cards, each with a new claim secret (the cards of every sheet printed before stop
 * claiming). PDF: every page; PNG: one page (`page`, 1-based, default 1) of
 * CARDS_PER_SHEET_PAGE cards, only those cards renewed.
 */
export const cardSheetQuerySchema = z.object({
  format: printFormatSchema.default('pdf'),
  page: z.coerce.number().int().min(1).max(CARD_BATCH_MAX).optional(),
});
export type CardSheetQuery = z.infer<typeof cardSheetQuerySchema>;

/** Response header of a sheet: how many pages the batch's unclaimed cards fill. */
export const SHEET_PAGE_COUNT_HEADER = 'x-page-count';
