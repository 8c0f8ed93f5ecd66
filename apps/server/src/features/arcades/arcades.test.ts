import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arcades } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/support/app';

describe('GET /api/arcades', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.insert(arcades).values([
      { id: 'zion', name: 'Zion Arcade', city: 'Zion' },
      { id: 'arcadia-berlin', name: 'Arcadia Berlin', city: 'Berlin' },
    ]);
  });
  afterAll(() => t.close());

  it('lists every arcade without a token, ordered by id', async () => {
    const res = await t.request('GET', '/api/arcades');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      arcades: [
        { id: 'arcadia-berlin', name: 'Arcadia Berlin', city: 'Berlin' },
        { id: 'zion', name: 'Zion Arcade', city: 'Zion' },
      ],
    });
  });
});
