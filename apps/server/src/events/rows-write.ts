import { sql, type SQL } from 'drizzle-orm';

/**
 * A write of rows passed as ONE JSON parameter (`jsonb_to_recordset(rows) as m(...)`): its text
 * is the same whatever the rows, so the writes of one key from all the games of an ingest batch
 * merge into one data-modifying statement with their rows together (mergeRowsWrites), and the
 * batch's statement has the same text for every batch with the same keys: each connection
 * prepares it once. (One statement per game's write made the batch's text new every time:
 * parsing and planning it cost PostgreSQL about 0.5 ms per game, docs/benchmarks.md.)
 */
export interface RowsWrite {
  /** Names the text: every write with this key renders the same statement (table, kind, columns). */
  key: string;
  /** The rows; each has `game_id`, the stored game it belongs to (null outside an ingest). */
  rows: ReadonlyArray<Record<string, unknown> & { game_id: string | null }>;
  /**
   * The statement over `rows` (a jsonb value), whose recordset is aliased `m` and has a
   * `game_id uuid` column, restricted by `when` (which reads `m.game_id`).
   */
  render(rows: SQL, when: SQL): SQL;
}

/** The writes with one statement per key, their rows together, in key order (a stable text). */
export function mergeRowsWrites(writes: readonly RowsWrite[]): RowsWrite[] {
  const byKey = new Map<string, RowsWrite>();
  for (const write of writes) {
    const merged = byKey.get(write.key);
    byKey.set(
      write.key,
      merged ? { ...merged, rows: [...merged.rows, ...write.rows] } : { ...write },
    );
  }
  return [...byKey.keys()].sort().map((key) => byKey.get(key)!);
}

/** The write's statement, restricted by `when` (`sql\`true\`` outside an ingest). */
export const renderRowsWrite = (write: RowsWrite, when: SQL = sql`true`): SQL =>
  write.render(sql`${JSON.stringify(write.rows)}::jsonb`, when);
