import fs from 'node:fs/promises';
import { BackupError } from './backup-error';
import { SEAL_MAX_BYTES, sealOf } from './backup-seal';
import { linesOf, ScriptLines } from './script-lines';

/** What a plain pg_dump script starts and ends with. */
const HEADER = '--\n-- PostgreSQL database dump\n';
const TRAILER = '-- PostgreSQL database dump complete';
/** The first bytes of pg_dump's custom format (`-Fc`), which only pg_restore reads. */
const CUSTOM_FORMAT = 'PGDMP';

/**
 * Settings that pg_dump writes but older servers do not know, with the version that added them:
 * a script from a newer pg_dump (PGlite's is 18) still loads into an older PostgreSQL.
 */
const SETTINGS_SINCE: Record<string, number> = { transaction_timeout: 17 };
const SET_LINE = /^SET (\w+) = .*;$/;
const CREATE_SCHEMA = /^CREATE SCHEMA ("(?:[^"]|"")+"|[a-z_][a-z0-9_$]*);$/;

class DumpFileError extends BackupError {}

/**
 * Refuses before anything is touched unless the file is a whole plain-SQL pg_dump script: its
 * header, the trailer pg_dump writes last (a cut-off copy has none), and, when the backup command
 * sealed it, a seal that matches every byte (a copy with lines missing or changed does not).
 */
export async function checkDumpFile(file: string): Promise<{ bytes: number; sealed: boolean }> {
  let handle;
  try {
    handle = await fs.open(file, 'r');
  } catch (error) {
    throw new DumpFileError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code}`);
  }
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) throw new DumpFileError(`${file} is a directory, not a backup file`);
    const { size } = stat;
    const head = Buffer.alloc(Math.min(size, 64));
    await handle.read(head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(size, 4096 + SEAL_MAX_BYTES));
    await handle.read(tail, 0, tail.length, size - tail.length);
    if (head.toString('latin1').startsWith(CUSTOM_FORMAT)) {
      throw new DumpFileError(
        `${file} is a pg_dump custom-format archive; restore reads plain SQL`,
      );
    }
    if (head[0] === 0x1f && head[1] === 0x8b) {
      throw new DumpFileError(
        `${file} is compressed (gzip); restore reads the plain-SQL file: gunzip it first`,
      );
    }
    if (!head.toString('utf8').startsWith(HEADER)) {
      throw new DumpFileError(`${file} is not a plain-SQL pg_dump script`);
    }
    if (!tail.toString('utf8').includes(TRAILER)) {
      throw new DumpFileError(`${file} is incomplete: pg_dump's closing line is missing`);
    }
    const seal = await sealOf(handle, size);
    if (seal === 'damaged') {
      throw new DumpFileError(
        `${file} is damaged: its contents do not match the checksum the backup wrote (lines missing or changed)`,
      );
    }
    return { bytes: size, sealed: seal === 'intact' };
  } finally {
    await handle.close();
  }
}

async function* textChunks(file: string): AsyncGenerator<string> {
  const handle = await fs.open(file, 'r');
  try {
    for await (const chunk of handle.createReadStream({ encoding: 'utf8' })) yield chunk as string;
  } finally {
    await handle.close();
  }
}

/** The schemas the script creates (`public` is never among them: pg_dump assumes it exists). */
export async function schemasCreatedBy(file: string): Promise<string[]> {
  const reader = new ScriptLines();
  const schemas: string[] = [];
  for await (const line of linesOf(textChunks(file))) {
    const kind = reader.next(line);
    if (kind.kind !== 'sql' || !kind.statementStart) continue;
    const schema = CREATE_SCHEMA.exec(line);
    if (schema) schemas.push(schema[1]!);
  }
  return schemas;
}

/** Whether a line sets something that a server of `serverMajor` does not know. */
function unknownSetting(line: string, serverMajor: number): boolean {
  const name = SET_LINE.exec(line)?.[1];
  const since = name === undefined ? undefined : SETTINGS_SINCE[name];
  return since !== undefined && serverMajor < since;
}

/**
 * The script as psql should read it on a server of `serverMajor`: unchanged, except `SET` lines
 * of settings that server does not know yet.
 */
export async function* scriptForServer(file: string, serverMajor: number): AsyncGenerator<string> {
  const reader = new ScriptLines();
  for await (const line of linesOf(textChunks(file))) {
    const kind = reader.next(line);
    if (kind.kind === 'sql' && kind.statementStart && unknownSetting(line, serverMajor)) continue;
    yield `${line}\n`;
  }
}

/** A step of a script run without psql: SQL to execute, or a COPY with its rows. */
export type ScriptStep = { sql: string } | { copy: string; rows: string };

/**
 * The script as steps for PGlite, which has no psql: psql's `\restrict` / `\unrestrict` guards
 * are dropped (there is no psql to guard), any other meta-command is refused, and each
 * `COPY ... FROM stdin` becomes a COPY from the blob PGlite passes in, with its rows.
 */
export function scriptSteps(script: string): ScriptStep[] {
  const reader = new ScriptLines();
  const steps: ScriptStep[] = [];
  let sql: string[] = [];
  let copy: { target: string; rows: string[] } | undefined;
  const lines = script.split('\n');
  lines.forEach((line, n) => {
    const kind = reader.next(line);
    switch (kind.kind) {
      case 'sql':
        sql.push(line);
        break;
      case 'meta':
        if (!/^\\(restrict|unrestrict)\b/.test(line)) {
          throw new DumpFileError(
            `line ${n + 1}: the psql command ${line.split(/\s/)[0]} cannot run on PGlite`,
          );
        }
        break;
      case 'copy':
        if (sql.length > 0) steps.push({ sql: sql.join('\n') });
        sql = [];
        copy = { target: kind.target, rows: [] };
        break;
      case 'row':
        copy!.rows.push(line);
        break;
      case 'copy-end':
        steps.push({
          copy: `COPY ${copy!.target} FROM '/dev/blob'`,
          rows: copy!.rows.map((row) => `${row}\n`).join(''),
        });
        copy = undefined;
        break;
    }
  });
  if (!reader.balanced) throw new DumpFileError('the script ends inside a literal or COPY block');
  if (sql.length > 0) steps.push({ sql: sql.join('\n') });
  return steps;
}
