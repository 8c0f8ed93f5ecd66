import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every marketing-mail consent event (double opt-in, docs/privacy.md): requested (the box was
 * ticked, a confirmation mail went out), confirmed (its link was followed), withdrawn (unticked
 * in the settings or the unsubscribe link), invalidated (a consent from before double opt-in,
 * without proof, set aside by migration 0036: text_version 0, source 'migration').
 * `text_version` is MARKETING_CONSENT_VERSION then; `source` where it happened: 'registration',
 * 'settings', 'mail' (the player's link), 'parent' (the parent's link: a player under 16).
 * parent_mail: who confirms for a player under 16 (on the request and the parent's
 * confirmation); ip: from where the parent's link was followed.
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    action: text('action', {
      enum: ['requested', 'confirmed', 'withdrawn', 'invalidated'],
    }).notNull(),
    textVersion: integer('text_version').notNull(),
    source: text('source', {
      enum: ['registration', 'settings', 'mail', 'parent', 'migration'],
    }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    parentMail: text('parent_mail'),
    ip: text('ip'),
  },
  (t) => [index('marketing_consents_user_idx').on(t.userId, t.at)],
);

/**
 * The links of marketing mail: only the SHA-256 of the token is stored. 'confirm': single use,
 * expires after 24 h. 'unsubscribe': no expiry, works more than once. 'parent-confirm': mailed to
 * parent_mail for a player under 16, single use, expires after PARENT_CONFIRMATION_HOURS.
 */
export const marketingTokens = pgTable(
  'marketing_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['confirm', 'unsubscribe', 'parent-confirm'] }).notNull(),
    parentMail: text('parent_mail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('marketing_tokens_user_idx').on(t.userId)],
);
