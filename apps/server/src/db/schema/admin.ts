import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { arcades } from './arcade';
import { users } from './users';

/**
 * Which arcades a staff member runs (features/admin). A user with role 'staff' acts only for the
 * arcades listed here; an admin needs no rows. Deleting a player deletes theirs ('user.deleted').
 */
export const staffArcades = pgTable(
  'staff_arcades',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    arcadeId: text('arcade_id')
      .notNull()
      .references(() => arcades.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.arcadeId] }),
    index('staff_arcades_arcade_idx').on(t.arcadeId),
  ],
);
