import { describe, expect, it } from 'vitest';
import { errorLines, libpqConnection, runTool } from './pg-tools';

describe('running the PostgreSQL client tools', () => {
  it('passes the password in the environment, never in the arguments', () => {
    const { dbname, env } = libpqConnection(
      'postgres://arcadia:s3cr%40t@db.example:5433/arcadia?sslmode=require',
    );
    expect(dbname).toBe('postgres://arcadia@db.example:5433/arcadia?sslmode=require');
    expect(env.PGPASSWORD).toBe('s3cr@t');
    expect(libpqConnection('postgres://postgres@127.0.0.1/test').dbname).toBe(
      'postgres://postgres@127.0.0.1/test',
    );
  });

  it('shows errors but not the DETAIL lines that quote row values', () => {
    const stderr = [
      'psql:<stdin>:812: ERROR:  duplicate key value violates unique constraint "accounts_email_unique"',
      'DETAIL:  Key (email)=(kim@example.org) already exists.',
      'CONTEXT:  COPY accounts, line 2',
    ].join('\n');
    expect(errorLines(stderr)).toBe(
      'psql:<stdin>:812: ERROR:  duplicate key value violates unique constraint "accounts_email_unique"',
    );
  });

  it('feeds stdin and keeps going when the program stops reading', async () => {
    async function* lines() {
      for (let i = 0; i < 100_000; i++) yield `line ${i}\n`;
    }
    const head = await runTool('head', ['-n', '1'], { stdin: lines(), stdout: 'keep' });
    expect(head).toMatchObject({ code: 0, stdout: 'line 0\n' });
    const failed = (async function* () {
      yield 'BEGIN;\n';
      throw new Error('disk read failed');
    })();
    await expect(runTool('cat', [], { stdin: failed, stdout: 'keep' })).rejects.toThrow(
      'disk read failed',
    );
  });
});
