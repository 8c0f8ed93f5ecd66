import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database';
import { insertAccount } from './accounts';
import { THROTTLE_MAX_PER_ACCOUNT_AND_ADDRESS } from './lifetimes';
import { hashPassword } from './passwords';
import { signIn } from './service';

describe('the sign-in throttle and IPv6 clients', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase();
  });
  afterAll(() => testDb.drop());

  it('counts one IPv6 /64 as one client address, as the request limits do', async () => {
    const { db } = testDb.database;
    await insertAccount(db, {
      email: 'victim@example.org',
      passwordHash: await hashPassword('right-Secret-2024'),
      nickname: 'Victim',
      language: 'de',
    });
    // One client owns a whole /64 and takes another address of it for every guess.
    const results = [];
    for (let i = 1; i <= THROTTLE_MAX_PER_ACCOUNT_AND_ADDRESS + 1; i++) {
      results.push(
        await signIn(db, {
          email: 'victim@example.org',
          password: `wrong-Guess-${i}`,
          address: `2001:db8:1:2::${i.toString(16)}`,
        }),
      );
    }
    expect(results.at(-1)).toMatchObject({ ok: false, reason: 'throttled' });
  });
});
