import { scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database';
import { findAccountById, insertAccount, rehashPassword, setPasswordHash } from './accounts';
import { hashPassword, verifyPassword } from './passwords';
import { signIn } from './service';

/** A hash of the password made with older, cheaper scrypt parameters (ln=10). */
function outdatedHash(password: string): string {
  const salt = Buffer.from('0123456789abcdef');
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N: 2 ** 10, r: 8, p: 1 });
  return `$scrypt$ln=10,r=8,p=1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

describe('hashing a password again with the current parameters', () => {
  let testDb: TestDatabase;
  const password = 'old-Secret-2019';
  beforeAll(async () => {
    testDb = await openTestDatabase();
  });
  afterAll(() => testDb.drop());

  it('upgrades an outdated hash at sign-in', async () => {
    const { db } = testDb.database;
    const account = (await insertAccount(db, {
      email: 'old@example.org',
      passwordHash: outdatedHash(password),
      nickname: 'Old',
      language: 'de',
    }))!;
    expect((await verifyPassword(password, account.passwordHash)).outdated).toBe(true);
    const result = await signIn(db, { email: 'old@example.org', password, address: '10.0.0.1' });
    expect(result.ok).toBe(true);
    const stored = (await findAccountById(db, account.id))!.passwordHash;
    expect(stored).not.toBe(account.passwordHash);
    expect(await verifyPassword(password, stored)).toEqual({ ok: true, outdated: false });
  });

  it('does not undo a password reset that committed while it hashed', async () => {
    const { db } = testDb.database;
    const verified = outdatedHash(password);
    const account = (await insertAccount(db, {
      email: 'raced@example.org',
      passwordHash: verified,
      nickname: 'Raced',
      language: 'de',
    }))!;
    // The reset lands between the sign-in's check and its new hash.
    const reset = await hashPassword('new-Secret-2026');
    await setPasswordHash(db, account.id, reset);
    expect(await rehashPassword(db, account.id, verified, await hashPassword(password))).toBe(
      false,
    );
    expect((await findAccountById(db, account.id))!.passwordHash).toBe(reset);
  });
});
