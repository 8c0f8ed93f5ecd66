import { gzipSync } from 'node:zlib';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceSchemasSql } from './database-contents';
import { writeAtomically } from './backup-file';
import { checkDumpFile, schemasCreatedBy, scriptForServer, scriptSteps } from './dump-script';
import { ScriptLines } from './script-lines';

const HEAD = '--\n-- PostgreSQL database dump\n--\n\n\\restrict k3y\n';
const TAIL = '\n--\n-- PostgreSQL database dump complete\n--\n\n\\unrestrict k3y\n';

/** A script with what pg_dump writes, and values that look like structure inside literals. */
const SCRIPT = [
  'SET statement_timeout = 0;',
  'SET transaction_timeout = 0;',
  "SELECT pg_catalog.set_config('search_path', '', false);",
  'CREATE SCHEMA drizzle;',
  'CREATE SCHEMA "Odd ""Name""";',
  'CREATE FUNCTION public.f() RETURNS text LANGUAGE plpgsql AS $_$',
  "BEGIN RETURN 'it''s $x$'; END",
  '$_$;',
  "INSERT INTO public.news VALUES ('a', 'line one",
  '\\restrict not-a-command',
  'COPY public.users (id) FROM stdin;',
  "SET transaction_timeout = 0;'), (E'it\\'s', 'b');",
  '/* a /* nested */ comment',
  'CREATE SCHEMA not_created;',
  '*/',
  'COPY public.users (id, name) FROM stdin;',
  '1\tAnn',
  '\\N\tBen\\nBen',
  '\\.',
  'CREATE TRIGGER t AFTER INSERT ON public.users FOR EACH STATEMENT EXECUTE FUNCTION public.f();',
].join('\n');

describe('reading a pg_dump script', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'arcadia-script-'));
    file = path.join(dir, 'dump.sql');
    await fs.writeFile(file, HEAD + SCRIPT + TAIL);
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('tells psql commands and COPY rows from literals that look like them', () => {
    const reader = new ScriptLines();
    const kinds = SCRIPT.split('\n').map((line) => reader.next(line).kind);
    expect(kinds).toEqual([
      ...Array<string>(11).fill('sql'),
      'sql',
      'sql',
      'sql',
      'sql',
      'copy',
      'row',
      'row',
      'copy-end',
      'sql',
    ]);
    expect(reader.balanced).toBe(true);
    expect(new ScriptLines().next('\\restrict x').kind).toBe('meta');
  });

  it('splits the script for PGlite: COPY rows become a blob, psql guards are dropped', () => {
    const steps = scriptSteps(HEAD + SCRIPT + TAIL);
    expect(steps).toHaveLength(3);
    expect(steps[1]).toEqual({
      copy: "COPY public.users (id, name) FROM '/dev/blob'",
      rows: '1\tAnn\n\\N\tBen\\nBen\n',
    });
    const sql = steps.map((s) => ('sql' in s ? s.sql : '')).join('\n');
    expect(sql).not.toContain('\\restrict k3y');
    expect(sql).not.toContain('\\unrestrict');
    expect(sql).toContain('\\restrict not-a-command');
    expect(() => scriptSteps(`${SCRIPT}\n\\i /etc/passwd\n`)).toThrow(
      /line 21: the psql command \\i cannot run on PGlite/,
    );
    expect(() => scriptSteps("SELECT 'open")).toThrow(/ends inside a literal/);
  });

  it('drops settings an older server does not know, only where they are statements', async () => {
    const read = async (major: number) => {
      let text = '';
      for await (const line of scriptForServer(file, major)) text += line;
      return text;
    };
    const on15 = await read(15);
    expect(on15).not.toContain('\nSET transaction_timeout = 0;\n');
    expect(on15).toContain("\nSET transaction_timeout = 0;'), (E'it");
    expect(await read(17)).toBe(HEAD + SCRIPT + TAIL);
  });

  it('finds the schemas the script creates', async () => {
    expect(await schemasCreatedBy(file)).toEqual(['drizzle', '"Odd ""Name"""']);
    expect(replaceSchemasSql(['drizzle', '"Odd ""Name"""'])).toMatch(
      /DROP SCHEMA IF EXISTS drizzle CASCADE;\nDROP SCHEMA IF EXISTS "Odd ""Name""" CASCADE;\nDROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;/,
    );
    expect(replaceSchemasSql(['public'])).not.toContain('CREATE SCHEMA public');
  });

  it('accepts only a whole plain-SQL dump', async () => {
    expect(await checkDumpFile(file)).toEqual({
      bytes: (HEAD + SCRIPT + TAIL).length,
      sealed: false,
    });
    const other = path.join(dir, 'other.sql');
    await fs.writeFile(other, 'PGDMP\u0001\u000e');
    await expect(checkDumpFile(other)).rejects.toThrow(/custom-format archive/);
    await fs.writeFile(other, 'select 1;\n');
    await expect(checkDumpFile(other)).rejects.toThrow(/not a plain-SQL pg_dump script/);
    await fs.writeFile(other, HEAD + SCRIPT);
    await expect(checkDumpFile(other)).rejects.toThrow(/is incomplete/);
    await expect(checkDumpFile(path.join(dir, 'missing.sql'))).rejects.toThrow(/ENOENT/);
    // A directory, and a compressed copy: said as such, not as a system call's error.
    await expect(checkDumpFile(dir)).rejects.toThrow(/is a directory, not a backup file/);
    await fs.writeFile(other, gzipSync(HEAD + SCRIPT + TAIL));
    await expect(checkDumpFile(other)).rejects.toThrow(/compressed \(gzip\).*gunzip it first/);
  });

  it('checks the seal the backup writes: a line missing or changed in the middle is refused', async () => {
    const sealed = path.join(dir, 'sealed.sql');
    await writeAtomically(sealed, async (handle) => {
      await handle.writeFile(HEAD + SCRIPT + TAIL);
    });
    const text = await fs.readFile(sealed, 'utf8');
    expect(text.startsWith(HEAD + SCRIPT + TAIL)).toBe(true);
    expect(text.slice((HEAD + SCRIPT + TAIL).length)).toMatch(
      /^-- arcadia backup sha256:[0-9a-f]{64} bytes:\d+\n$/,
    );
    expect(await checkDumpFile(sealed)).toEqual({ bytes: text.length, sealed: true });
    // The seal is a comment: PGlite's steps and psql skip it.
    expect(scriptSteps(text).at(-1)).toEqual({
      sql: expect.stringMatching(/\n-- arcadia backup sha256:\w+ bytes:\d+\n?$/),
    });

    const damaged = path.join(dir, 'damaged.sql');
    const variants = [
      text.replace('1\tAnn\n', ''), // a row gone
      text.replace('1\tAnn', '2\tAnn'), // a row changed, same length
      text.replace('CREATE SCHEMA drizzle;\n', ''), // a statement gone
      `${text}\n`, // a line added after the seal (an editor's newline)
      text.replace('-- arcadia backup', '-- arcadiA backup'), // the seal itself changed
      text.replace(/bytes:\d+/, `bytes:${'9'.repeat(40)}`),
      text.replace(/sha256:([0-9a-f]+)/, (_, hex: string) => `sha256:${hex.toUpperCase()}`),
    ];
    for (const variant of variants) {
      expect(variant).not.toBe(text);
      await fs.writeFile(damaged, variant);
      await expect(checkDumpFile(damaged)).rejects.toThrow(/is damaged/);
    }
  });
});
