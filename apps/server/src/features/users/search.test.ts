import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_RESULT_LIMIT } from '@arcadia/contracts';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/support/app';

describe('GET /api/user?searchterm=', () => {
  let t: TestApp;
  let token: string;
  let morpheusId: string;

  const search = async (term: string, as = token) =>
    t.request('GET', `/api/user?searchterm=${encodeURIComponent(term)}`, { token: as });
  const names = (res: { body: { data: Array<{ name: string }> } }) =>
    res.body.data.map((u) => u.name);

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.issuer.mint('sub-searcher');
    const res = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: {
        username: 'Morpheus',
        mail: 'morpheus@nebuchadnezzar.example',
        birthday: '1970-01-01',
        instagram: 'captain.morpheus',
        agb: true,
        marketingConsent: false,
      },
    });
    expect(res.status).toBe(201);
    morpheusId = res.body.id;
    await t.db.insert(users).values(
      ['Abc', 'Abcde', 'zAbc', 'xxAbcx', 'abc_def', 'abcXdefg', 'Percent'].map((userName) => ({
        userName,
        mail: `${userName}@private.example`,
        birthday: '2001-01-01',
      })),
    );
  });
  afterAll(() => t.close());

  it('answers matches under data, each with only id and name', async () => {
    const res = await search('orph');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [{ id: morpheusId, name: 'Morpheus' }] });
  });

  it('matches ignoring case, anywhere in the name', async () => {
    for (const term of ['MORPH', 'morph', 'hEuS', 'rph']) {
      expect(names(await search(term)), term).toEqual(['Morpheus']);
    }
  });

  it('orders names starting with the term first, then shorter names, then alphabetically', async () => {
    expect(names(await search('abc'))).toEqual([
      'Abc',
      'Abcde',
      'abc_def',
      'abcXdefg',
      'zAbc',
      'xxAbcx',
    ]);
  });

  it('takes LIKE wildcards literally', async () => {
    expect(names(await search('c_d'))).toEqual(['abc_def']);
    expect((await search('%%%')).body.data).toEqual([]);
    expect((await search('___')).body.data).toEqual([]);
    expect((await search('a%c')).body.data).toEqual([]);
  });

  it('never returns personal fields', async () => {
    const res = await search('abc');
    for (const entry of res.body.data) expect(Object.keys(entry).sort()).toEqual(['id', 'name']);
    const text = JSON.stringify((await search('orph')).body);
    expect(text).not.toContain('example');
    expect(text).not.toContain('1970');
    expect(text).not.toContain('captain');
  });

  it(`is bounded to ${SEARCH_RESULT_LIMIT} results`, async () => {
    await t.db.insert(users).values(
      Array.from({ length: SEARCH_RESULT_LIMIT + 10 }, (_, i) => ({
        userName: `Bulk${String(i).padStart(2, '0')}`,
      })),
    );
    const res = await search('bulk');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(SEARCH_RESULT_LIMIT);
    // Same length, same prefix: alphabetical, so the first page is Bulk00..Bulk19.
    expect(names(res)).toEqual(
      Array.from({ length: SEARCH_RESULT_LIMIT }, (_, i) => `Bulk${String(i).padStart(2, '0')}`),
    );
  });

  it('answers an empty list when nothing matches', async () => {
    const res = await search('zzzzz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
  });

  it.each([
    ['missing', '/api/user'],
    ['empty', '/api/user?searchterm='],
    ['2 characters', '/api/user?searchterm=ab'],
    ['2 characters after trimming', '/api/user?searchterm=%20ab%20'],
    ['longer than 64 characters', `/api/user?searchterm=${'a'.repeat(65)}`],
  ])('refuses a search term that is %s with 400 naming searchterm', async (_, path) => {
    const res = await t.request('GET', path, { token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toEqual([{ path: 'searchterm', message: expect.any(String) }]);
  });

  it('accepts exactly 3 characters', async () => {
    const res = await search('eus');
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Morpheus']);
  });

  it('no longer finds a player who deleted the profile', async () => {
    const sub = 'sub-leaving';
    const leaver = await t.issuer.mint(sub);
    const reg = await t.request('POST', '/api/v2/user/registration', {
      token: leaver,
      body: { username: 'Cypher', mail: 'cypher@example.com', agb: true },
    });
    expect(reg.status).toBe(201);
    expect(names(await search('cypher'))).toEqual(['Cypher']);
    const del = await t.request('DELETE', `/api/v2/user/${reg.body.id}`, { token: leaver });
    expect(del.status).toBe(200);
    expect((await search('cypher')).body.data).toEqual([]);
  });
});
