import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/client';
import * as schema from '../../db/schema';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database';
import { EXPORT_COVERAGE, EXPORT_SECTIONS, isExported } from './coverage';
import { buildExport } from './service';

/**
 * A new table (or column) that names a player must be in the export, or excluded there with its
 * reason (coverage.ts). The database's own catalogue says which columns name a player: a foreign
 * key to users or accounts, or a name like one (user_id, friend_id, created_by, …) for the
 * columns that carry an id without a key.
 */
const USER_LIKE_NAME = String.raw`(^|_)(user|account|friend|player|member|actor|owner|identity)(_id|_sub)$|^(recorded|created|updated|deleted|granted)_by$`;

async function userColumns(db: Queryable): Promise<{ table: string; column: string }[]> {
  const result = await db.execute<{ table_name: string; column_name: string }>(sql`
    select kcu.table_name, kcu.column_name
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu
      on kcu.constraint_schema = rc.constraint_schema and kcu.constraint_name = rc.constraint_name
    join information_schema.key_column_usage target
      on target.constraint_schema = rc.unique_constraint_schema
     and target.constraint_name = rc.unique_constraint_name
     and target.ordinal_position = kcu.position_in_unique_constraint
    where kcu.table_schema = 'public' and target.table_name in ('users', 'accounts')
    union
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public' and c.column_name ~ ${USER_LIKE_NAME}
    order by 1, 2`);
  return result.rows.map((r) => ({ table: r.table_name, column: r.column_name }));
}

/** The columns the export's list does not account for: the test's failure message. */
function uncovered(found: { table: string; column: string }[]): string[] {
  return found
    .filter(({ table, column }) => !EXPORT_COVERAGE[table]?.userColumns.includes(column))
    .map(({ table, column }) => `${table}.${column}`);
}

describe('the data export covers every table that names a player', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase();
  });
  afterAll(() => testDb.drop());

  it('finds the tables with user columns in the catalogue (the check is live)', async () => {
    const found = await userColumns(testDb.database.db);
    expect(found).toEqual(
      expect.arrayContaining([
        { table: 'friendships', column: 'friend_id' },
        { table: 'game_players', column: 'user_id' },
        { table: 'visits', column: 'recorded_by' },
        { table: 'password_resets', column: 'account_id' },
      ]),
    );
  });

  it('lists every such column in coverage.ts, exported or excluded with a reason', async () => {
    const missing = uncovered(await userColumns(testDb.database.db));
    expect(
      missing,
      `Export these in features/privacy (repository.ts + coverage.ts) or exclude them there with a reason`,
    ).toEqual([]);
  });

  it('agrees with the Drizzle schema: every foreign key to users or accounts is covered', () => {
    const missing: string[] = [];
    for (const value of Object.values(schema)) {
      if (!value || typeof value !== 'object' || !(Symbol.for('drizzle:IsDrizzleTable') in value))
        continue;
      const config = getTableConfig(value as PgTable);
      for (const fk of config.foreignKeys) {
        const ref = fk.reference();
        const target = getTableConfig(ref.foreignTable).name;
        if (target !== 'users' && target !== 'accounts') continue;
        for (const column of ref.columns)
          if (!EXPORT_COVERAGE[config.name]?.userColumns.includes(column.name))
            missing.push(`${config.name}.${column.name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('fails for a new table with a user column that the export does not know', async () => {
    await testDb.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`create table rivalries (
        rival_id uuid references users(id), owner_user_id uuid, note text)`);
        expect(uncovered(await userColumns(tx))).toEqual([
          'rivalries.owner_user_id',
          'rivalries.rival_id',
        ]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && /rollback/i.test(error.message))) throw error;
      });
  });

  it('names only tables that exist, and gives every exclusion a reason', async () => {
    const tables = await testDb.database.db.execute<{ table_name: string }>(sql`
      select table_name from information_schema.tables where table_schema = 'public'`);
    const existing = new Set(tables.rows.map((r) => r.table_name));
    for (const [table, entry] of Object.entries(EXPORT_COVERAGE)) {
      expect(existing, table).toContain(table);
      if (!isExported(entry)) expect(entry.excluded.length, table).toBeGreaterThan(10);
      for (const reason of Object.values((isExported(entry) && entry.withheld) || {}))
        expect(reason.length, table).toBeGreaterThan(10);
    }
  });

  it('has every section of the list in the document', async () => {
    const doc = await buildExport(testDb.database.db, 'sub-nobody');
    for (const section of EXPORT_SECTIONS) expect(doc, section).toHaveProperty(section);
    for (const entry of Object.values(EXPORT_COVERAGE))
      if (isExported(entry)) expect(EXPORT_SECTIONS).toContain(entry.section);
  });
});
