import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pgliteOpenError } from './db/pglite-open';
import { startupProblem } from './startup-errors';

const pglite = { port: 8080, host: '0.0.0.0', databaseUrl: undefined, dataDir: '/srv/data' };
const postgres = { ...pglite, databaseUrl: 'postgres://arcadia:s3cret@db:5432/arcadia' };
const fail = (fields: Record<string, unknown>) =>
  Object.assign(new Error(typeof fields.message === 'string' ? fields.message : 'failed'), fields);

describe('a failed start names the setting to fix, in one line', () => {
  it.each([
    [
      'the port taken',
      pglite,
      fail({ code: 'EADDRINUSE', syscall: 'listen', address: '0.0.0.0', port: 8080 }),
      'PORT: 8080 is in use by another process on 0.0.0.0',
    ],
    [
      'a host that is no address here',
      { ...pglite, host: '999.1.1.1' },
      fail({ code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname: '999.1.1.1' }),
      'HOST: cannot listen on 999.1.1.1:8080 (ENOTFOUND)',
    ],
    [
      'PostgreSQL not answering',
      postgres,
      fail({ code: 'ECONNREFUSED', syscall: 'connect', address: '127.0.0.1', port: 5432 }),
      'DATABASE_URL: cannot connect to the PostgreSQL server at 127.0.0.1:5432 (ECONNREFUSED)',
    ],
    [
      'a database that does not exist',
      postgres,
      fail({ code: '3D000', message: 'database "arcadia" does not exist' }),
      'DATABASE_URL: the PostgreSQL server refused: database "arcadia" does not exist',
    ],
    [
      'a data folder that is a file',
      pglite,
      fail({ code: 'ENOTDIR', syscall: 'mkdir', path: '/srv/data/pglite' }),
      'DATA_DIR: cannot use /srv/data (ENOTDIR on /srv/data/pglite)',
    ],
  ])('%s', (_, config, error, line) => {
    expect(startupProblem(error, config)).toBe(line);
  });

  it('never prints the database URL, and leaves other errors to their stack', () => {
    const line = startupProblem(
      fail({ code: 'ECONNREFUSED', syscall: 'connect', address: 'db', port: 5432 }),
      postgres,
    );
    expect(line).not.toContain('s3cret');
    expect(startupProblem(new TypeError('x is undefined'), postgres)).toBeUndefined();
    expect(startupProblem('text', postgres)).toBeUndefined();
  });

  it("says a full disk under PGlite's folder in words, and what became of a half-made folder", () => {
    // What PGlite throws: the WASI errno, no code, no path, no message.
    const errno = Object.assign(new Error(''), { name: 'ErrnoError', errno: 51 });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-open-'));
    const fresh = pgliteOpenError(errno, path.join(dir, 'gone'), true);
    expect(fresh.code).toBe('ENOSPC');
    expect(startupProblem(fresh, pglite)).toMatch(
      new RegExp(
        `^DATA_DIR: the PGlite database in ${path.join(dir, 'gone')} could not be opened: the disk is full \\(ENOSPC, \\d+ MB free; opening a database needs about 32 MB\\): free space, then try again; the half-made database folder of this first start was removed$`,
      ),
    );
    // A folder without PG_VERSION (a first start killed half-way): named, with what to do.
    fs.mkdirSync(path.join(dir, 'half'));
    fs.writeFileSync(path.join(dir, 'half', 'postgresql.conf'), '');
    const half = pgliteOpenError(
      new Error('PGlite failed to initialize properly'),
      path.join(dir, 'half'),
      false,
    );
    expect(half.message).toBe(
      `the PGlite database in ${path.join(dir, 'half')} could not be opened: PGlite failed to initialize properly; ${path.join(dir, 'half')} holds no database (no PG_VERSION: a first start or restore stopped half-way), remove it and try again`,
    );
    // A real database folder that does not open: the backup is the way out.
    fs.writeFileSync(path.join(dir, 'half', 'PG_VERSION'), '17');
    expect(pgliteOpenError(new Error('broken'), path.join(dir, 'half'), false).message).toMatch(
      /could not be opened: broken; if it cannot be opened again, restore the latest backup/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
