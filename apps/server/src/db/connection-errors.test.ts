import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isStorageFull } from './connection-errors';

const pgError = (code: string, message = 'server said no') =>
  Object.assign(new Error(message), { code });
const socketError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111 });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', socketError('ECONNREFUSED')],
    ['connection reset', socketError('ECONNRESET')],
    [
      'admin_shutdown (PostgreSQL stopping)',
      pgError('57P01', 'terminating connection due to administrator command'),
    ],
    [
      'cannot_connect_now (PostgreSQL starting)',
      pgError('57P03', 'the database system is starting up'),
    ],
    ['connection_failure', pgError('08006')],
    [
      'disk_full (PGlite or PostgreSQL on a full disk)',
      pgError('53100', 'could not extend file "base/5/16384": No space left on device'),
    ],
    ['too_many_connections', pgError('53300', 'sorry, too many clients already')],
    ['a full disk, said only in the message', new Error('write: No space left on device')],
    ['sqlclient_unable_to_establish_sqlconnection', pgError('08001')],
    ['the connection ended under a query', new Error('Connection terminated unexpectedly')],
    ['the pool found no connection in time', new Error('timeout exceeded when trying to connect')],
    [
      'a new connection timed out',
      new Error('Connection terminated due to connection timeout', { cause: new Error('x') }),
    ],
    ['every address refused', new AggregateError([socketError('ECONNREFUSED')], 'refused')],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    // As Drizzle hands it on: wrapped, the driver's error as the cause.
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], error))).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a missing table', pgError('42P01')],
    ['a statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['a serialization failure', pgError('40001')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], error as Error))).toBe(
      false,
    );
  });

  it('stops at a cycle of causes', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('isStorageFull', () => {
  it('is a full disk by SQLSTATE, errno or message, also as a cause; not other failures', () => {
    expect(isStorageFull(pgError('53100', 'could not extend file'))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('write failed'), { code: 'ENOSPC' }))).toBe(true);
    expect(
      isStorageFull(new Error('query failed', { cause: new Error('No space left on device') })),
    ).toBe(true);
    expect(isStorageFull(pgError('53300', 'sorry, too many clients already'))).toBe(false);
    expect(isStorageFull(socketError('ECONNREFUSED'))).toBe(false);
  });
});
