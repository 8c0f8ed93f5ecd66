import { describe, expect, it } from 'vitest';
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
});
