import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

export interface Journal {
  version: string;
  dialect: string;
  entries: JournalEntry[];
}

const journalPath = (dir: string) => path.join(dir, 'meta', '_journal.json');
const snapshotPath = (dir: string, idx: number) =>
  path.join(dir, 'meta', `${String(idx).padStart(4, '0')}_snapshot.json`);

export function readJournal(dir: string): Journal {
  return JSON.parse(fs.readFileSync(journalPath(dir), 'utf8')) as Journal;
}

/** The migration files in journal order (what drizzle's migrator applies). */
export function migrationFiles(dir: string): string[] {
  return readJournal(dir).entries.map((e) => `${e.tag}.sql`);
}

/**
 * Writes the next migration as `drizzle-kit generate --custom` would: the SQL file, a journal
 * entry (its `when` after every earlier one: the migrator applies only migrations newer than
 * the last it ran) and a copy of the last schema snapshot (the schema itself does not change),
 * so drizzle-kit keeps generating after it. Answers the new file's name.
 */
export function writeNextMigration(dir: string, name: string, sql: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`migration name "${name}": use a-z, 0-9, _`);
  const journal = readJournal(dir);
  const last = journal.entries.at(-1);
  if (!last) throw new Error(`${journalPath(dir)} has no entries`);
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_${name}`;
  const previous = JSON.parse(fs.readFileSync(snapshotPath(dir, last.idx), 'utf8')) as {
    id: string;
  } & Record<string, unknown>;
  const { id: prevId, prevId: _ignored, ...rest } = previous;
  const snapshot = {
    id: randomUUID(),
    prevId,
    ...rest,
    _meta: { columns: {}, schemas: {}, tables: {} },
  };
  fs.writeFileSync(snapshotPath(dir, idx), JSON.stringify(snapshot, null, 2));
  fs.writeFileSync(path.join(dir, `${tag}.sql`), sql);
  journal.entries.push({
    idx,
    version: last.version,
    when: Math.max(Date.now(), last.when + 1),
    tag,
    breakpoints: true,
  });
  fs.writeFileSync(journalPath(dir), JSON.stringify(journal, null, 2));
  return `${tag}.sql`;
}
