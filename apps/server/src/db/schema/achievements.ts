import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The achievements a player unlocked (docs/achievements.md): one row per player and catalogue id
 * (packages/contracts achievements.ts), written at ingest in the game's transaction, by an
 * assignment of a guest slot, or by the backfill command. Once unlocked an achievement stays (a
 * voided game takes none away). game_id: the game that unlocked it (null when it is gone).
 */
export const playerAchievements = pgTable(
  'player_achievements',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementId: text('achievement_id').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull().defaultNow(),
    gameId: uuid('game_id'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.achievementId] }),
    index('player_achievements_unlocked_idx').on(t.userId, t.unlockedAt),
  ],
);

/**
 * What the achievement rules know of a player (features/achievements/facts.ts AchievementFacts:
 * games, wins, the current win streak, the modes and maps played per application, the games per
 * month), folded game by game at ingest. Its row is the lock that orders a player's ingests,
 * assignments and backfills for the achievements. Rebuilt from the stored games when a game is
 * voided or a slot assigned, and by the backfill.
 */
export const playerAchievementFacts = pgTable('player_achievement_facts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  facts: jsonb('facts').notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
