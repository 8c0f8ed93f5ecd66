import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
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

/**
 * Every change made through the operator console or the admin CLI, written in the transaction of
 * the change (features/admin/audit.ts recordAudit). actor_user_id is null for the CLI (then
 * actor_label says so) and once the actor deleted their profile; arcade_id is the arcade the
 * change concerns (null: none, e.g. a role), which is what staff may read.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    arcadeId: text('arcade_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_arcade_idx').on(t.arcadeId, t.id),
    index('audit_log_actor_idx').on(t.actorUserId),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/**
 * What a running server tells the tools beside it, one row per setting: `public_url`, its
 * PUBLIC_URL, written at every start, so that the admin CLI prints and prints on cards the links
 * players can open without the operator's shell repeating it (admin/cli.ts).
 */
export const serverSettings = pgTable('server_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
