import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { arcades } from './arcade';
import { users } from './users';

/**
 * A batch of unclaimed profiles made in the operator console to be printed as user cards
 * (features/user-cards/batches.ts). size: how many cards it was made with (its cards whose
 * profile was deleted since are gone from user_card_batch_cards). created_by: the operator, null
 * once they deleted their profile. printed_at: the last sheet printed (each print issues new
 * claim secrets). No player's data: a batch's label is the operator's.
 */
export const userCardBatches = pgTable(
  'user_card_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    arcadeId: text('arcade_id')
      .notNull()
      .references(() => arcades.id),
    label: text('label'),
    size: integer('size').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    printedAt: timestamp('printed_at', { withTimezone: true }),
  },
  (t) => [index('user_card_batches_arcade_idx').on(t.arcadeId, t.createdAt, t.id)],
);

/**
 * The profiles of a batch, in print order. A profile belongs to at most one batch; deleting the
 * player deletes the row (the 'user.deleted' handler, and the cascade). claimed_at: when a
 * sign-in claimed the card (features/user-cards/service.ts linkCard).
 */
export const userCardBatchCards = pgTable(
  'user_card_batch_cards',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => userCardBatches.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.position] })],
);
