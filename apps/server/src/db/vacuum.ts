import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * VACUUM of tables in the background, after the transaction that deleted rows committed (VACUUM
 * cannot run inside a transaction), so that the request that deleted them does not wait: the
 * dead rows' space is pruned and reused instead of lingering in the table files until autovacuum
 * (which PGlite does not run at all) gets to them. One VACUUM at a time; tables asked for while
 * one runs are gathered into the next round.
 */
export class VacuumQueue {
  private readonly pending = new Set<string>();
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly onError: (table: string, error: unknown) => void,
  ) {}

  request(tables: readonly string[]): void {
    for (const table of tables) this.pending.add(table);
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
      if (this.pending.size > 0) this.request([]);
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0) {
      const tables = [...this.pending];
      this.pending.clear();
      for (const table of tables) {
        try {
          await this.db.execute(sql`vacuum ${sql.identifier(table)}`);
        } catch (error) {
          this.onError(table, error);
        }
      }
    }
  }

  /** Resolves when every requested VACUUM has run (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}
