import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A player profile. identity_sub links it to a sign-in identity; it is null for an
 * unclaimed profile created for a user card. Deleting a player deletes this row.
 * card_secret_hash: SHA-256 (hex) of the claim secret printed on the profile's current user card
 * (`?k=` of the card URL); null when no card can claim the profile (claimed, or never printed
 * with a secret). Spent on use, replaced when the card is printed again.
 * user_name_skeleton: the name's confusable skeleton (db/username-skeleton.ts), unique, so that
 * no name can look like another; null only until the backfill after the migrations has run.
 * suspended_at/suspended_reason: set by an admin (operator console): a suspended player cannot
 * sign in, their tokens are refused (403 account_suspended) and they cannot join a device.
 * profile_visibility: who sees the profile, games and statistics (docs/privacy.md "Visibility"):
 * 'everyone', 'friends' (the players on this player's own friend list) or 'private' (only the
 * player); set to 'friends' at registration for players under 16. leaderboard_visible: whether
 * the player appears on leaderboards for others.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identitySub: text('identity_sub').unique(),
    cardSecretHash: text('card_secret_hash'),
    userName: text('user_name').notNull(),
    userNameSkeleton: text('user_name_skeleton'),
    mail: text('mail'),
    /**
     * When the profile's mail address was proven (docs/privacy.md, "Verified addresses"): it was
     * the verified account e-mail, or a link mailed to it was followed. Null: unproven.
     */
    mailVerifiedAt: timestamp('mail_verified_at', { withTimezone: true }),
    birthday: date('birthday', { mode: 'string' }),
    instagram: text('instagram'),
    agbAcceptedAt: timestamp('agb_accepted_at', { withTimezone: true }),
    /** The terms version accepted at agbAcceptedAt (AGB_VERSION then). */
    agbVersion: integer('agb_version'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    earlyAdopter: boolean('early_adopter').notNull().default(false),
    role: text('role', { enum: ['player', 'staff', 'admin'] })
      .notNull()
      .default('player'),
    language: text('language', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    profileVisibility: text('profile_visibility', { enum: ['everyone', 'friends', 'private'] })
      .notNull()
      .default('everyone'),
    /**
     * Whether the player appears on leaderboards for others (issue 17). Kept on their
     * player_stats / player_ratings rows as `listed` (db/functions/boards-listed.sql).
     */
    leaderboardVisible: boolean('leaderboard_visible').notNull().default(true),
  },
  (t) => [
    uniqueIndex('users_user_name_lower_idx').on(sql`lower(${t.userName})`),
    uniqueIndex('users_user_name_skeleton_idx').on(t.userNameSkeleton),
    // The search matches case-insensitively anywhere in the name: a trigram index serves
    // `lower(user_name) like '%term%'` (pg_trgm, migration 0004; PGlite loads it as an extension).
    index('users_user_name_trgm_idx').using('gin', sql`lower(${t.userName}) gin_trgm_ops`),
    index('users_created_at_idx').on(t.createdAt),
    // The few players hidden from boards: the period and arcade boards leave these out.
    index('users_hidden_from_boards_idx')
      .on(t.id)
      .where(sql`not ${t.leaderboardVisible}`),
  ],
);

/** One-directional: user_id added friend_id. */
export const friendships = pgTable(
  'friendships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: uuid('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.friendId] }),
    index('friendships_friend_idx').on(t.friendId),
  ],
);
