import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database';
import { endAllSessions } from './accounts';
import { ConsumedTwice, databaseAdapter, removeExpiredModels } from './adapter';

describe('oidc_models adapter', () => {
  let testDb: TestDatabase;
  let adapter: ReturnType<typeof databaseAdapter>;
  beforeAll(async () => {
    testDb = await openTestDatabase();
    adapter = databaseAdapter(testDb.database.db);
  });
  afterAll(() => testDb.drop());

  it('stores, finds, updates and destroys a model by id, apart from other models', async () => {
    const sessions = adapter('Session');
    await sessions.upsert('s1', { accountId: 'a1', uid: 'u1' }, 60);
    expect(await sessions.find('s1')).toEqual({ accountId: 'a1', uid: 'u1' });
    expect(await adapter('Grant').find('s1')).toBeUndefined();
    await sessions.upsert('s1', { accountId: 'a2', uid: 'u1' }, 60);
    expect(await sessions.find('s1')).toEqual({ accountId: 'a2', uid: 'u1' });
    expect(await sessions.findByUid('u1')).toEqual({ accountId: 'a2', uid: 'u1' });
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
    expect(await sessions.findByUid('u1')).toBeUndefined();
  });

  it('finds by user code, and marks a model consumed', async () => {
    const codes = adapter('DeviceCode');
    await codes.upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g0' }, 60);
    expect(await codes.findByUserCode('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH' });
    await codes.consume('d1');
    const consumed = await codes.find('d1');
    expect(typeof consumed?.consumed).toBe('number');
    expect(Math.abs((consumed!.consumed as number) - Date.now() / 1000)).toBeLessThan(5);
    // Once only: a second consumption (a request racing the first) is refused, naming the grant.
    await expect(codes.consume('d1')).rejects.toMatchObject({
      name: 'Error',
      model: 'DeviceCode',
      grantId: 'g0',
    });
    await expect(codes.consume('d1')).rejects.toBeInstanceOf(ConsumedTwice);
  });

  it('ignores expired rows and removes them on cleanup', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('old', { grantId: 'g9' }, 1);
    await codes.upsert('new', { grantId: 'g9' }, 600);
    await testDb.database.db.execute(
      `update oidc_models set expires_at = now() - interval '1 second' where id = 'old'`,
    );
    expect(await codes.find('old')).toBeUndefined();
    expect(await codes.find('new')).toBeDefined();
    expect(await removeExpiredModels(testDb.database.db)).toBeGreaterThanOrEqual(1);
    const left = await testDb.database.db.execute<{ id: string }>(
      `select id from oidc_models where model = 'AuthorizationCode'`,
    );
    expect(left.rows.map((r) => r.id)).toEqual(['new']);
  });

  it('revokes everything of a grant, and nothing else', async () => {
    await adapter('Grant').upsert('g1', { accountId: 'a1', jti: 'g1' }, 600);
    await adapter('RefreshToken').upsert('r1', { grantId: 'g1' }, 600);
    await adapter('RefreshToken').upsert('r2', { grantId: 'g1' }, 600);
    await adapter('AccessToken').upsert('t1', { grantId: 'g1' }, 600);
    await adapter('RefreshToken').upsert('r3', { grantId: 'g2' }, 600);
    await adapter('Session').upsert('s9', { accountId: 'a1' }, 600);
    await adapter('RefreshToken').revokeByGrantId('g1');
    expect(await adapter('Grant').find('g1')).toBeUndefined();
    expect(await adapter('RefreshToken').find('r1')).toBeUndefined();
    expect(await adapter('RefreshToken').find('r2')).toBeUndefined();
    expect(await adapter('AccessToken').find('t1')).toBeUndefined();
    expect(await adapter('RefreshToken').find('r3')).toBeDefined();
    expect(await adapter('Session').find('s9')).toBeDefined();
  });

  it('signing an account out everywhere removes its sign-ins in progress too', async () => {
    const interactions = adapter('Interaction');
    await interactions.upsert('i1', { session: { accountId: 'acc-1', uid: 'u' } }, 600);
    await interactions.upsert('i2', { result: { login: { accountId: 'acc-1' } } }, 600);
    await interactions.upsert('i3', { session: { accountId: 'acc-2', uid: 'v' } }, 600);
    await adapter('Session').upsert('s-acc-1', { accountId: 'acc-1' }, 600);
    await endAllSessions(testDb.database.db, 'acc-1');
    expect(await interactions.find('i1')).toBeUndefined();
    expect(await interactions.find('i2')).toBeUndefined();
    expect(await adapter('Session').find('s-acc-1')).toBeUndefined();
    expect(await interactions.find('i3')).toBeDefined();
  });
});
