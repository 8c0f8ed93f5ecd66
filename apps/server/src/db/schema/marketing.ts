import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every marketing-mail consent event (double opt-in, docs/privacy.md): requested (the box was
 * ticked, a confirmation mail went out), confirmed (its link was followed), withdrawn (unticked
 * in the settings or the unsubscribe link). `text_version` is MARKETING_CONSENT_VERSION then;
 * `source` where it happened: 'registration', 'settings' or 'mail'.
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    action: text('action', { enum: ['requested', 'confirmed', 'withdrawn'] }).notNull(),
    textVersion: integer('text_version').notNull(),
    source: text('source', { enum: ['registration', 'settings', 'mail'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketing_consents_user_idx').on(t.userId, t.at)],
);

/**
 * The links of marketing mail: only the SHA-256 of the token is stored. 'confirm': single use,
 * expires after 24 h. 'unsubscribe': no expiry, works more than once.
 */
export const marketingTokens = pgTable(
  'marketing_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['confirm', 'unsubscribe'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('marketing_tokens_user_idx').on(t.userId)],
);
