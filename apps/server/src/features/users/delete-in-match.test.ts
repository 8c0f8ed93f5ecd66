import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addArcade,
  addDevice,
  addPlayer,
  deviceRequest,
  report,
  seat,
  setLastSeen,
  type TestDevice,
  type TestPlayer,
} from '../../../test/support/arcade';

/**
 * A running match's roster is fixed (docs/security.md "Device reports"): its report may credit
 * only the players on it, and a report naming a user who no longer exists is refused whole
 * (400 unknown_user). A player deleting their profile mid-match had the match refused for
 * everyone who played it; the deletion waits for the match as leaving the device does.
 */
describe('DELETE /api/v2/user/{id} during a running match', () => {
  let t: TestApp;
  let device: TestDevice;
  let neo: TestPlayer;
  let trinity: TestPlayer;
  const result = (userId: string, teamId: number, score: number) => ({
    userId,
    teamId,
    kills: score,
    deaths: 1,
    score,
  });

  beforeAll(async () => {
    t = await createTestApp();
    await addArcade(t);
    device = await addDevice(t, 'test-arcade', 'arena');
    neo = await addPlayer(t, 'Neo');
    trinity = await addPlayer(t, 'Trinity');
  });
  afterAll(() => t.close());

  it('is refused with 409 already_in_match, nothing deleted; the match is stored for everyone', async () => {
    await seat(t, device, [neo.id, trinity.id]);
    expect((await deviceRequest(t, device)('POST', '/match/start', {})).status).toBe(200);

    const refused = await t.request('DELETE', `/api/v2/user/${neo.id}`, { token: neo.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('already_in_match');
    expect((await t.request('GET', '/api/v2/user/me', { token: neo.token })).status).toBe(200);

    const stored = await deviceRequest(t, device)(
      'POST',
      '/games',
      report({ players: [result(neo.id, 1, 3), result(trinity.id, 2, 1)] }),
    );
    expect(stored.status).toBe(201);
  });

  it('deletes once the match is reported', async () => {
    const res = await t.request('DELETE', `/api/v2/user/${neo.id}`, { token: neo.token });
    expect(res.status).toBe(200);
  });

  it('does not wait for a match longer than the longest game (a device that never ends it)', async () => {
    const morpheus = await addPlayer(t, 'Morpheus');
    await seat(t, device, [morpheus.id]);
    expect((await deviceRequest(t, device)('POST', '/match/start', {})).status).toBe(200);
    await t.db.execute(
      sql`update devices set match_started_at = now() - interval '25 hours', last_seen_at = now()
           where arcade_id = 'test-arcade' and id = 'arena'`,
    );
    const res = await t.request('DELETE', `/api/v2/user/${morpheus.id}`, {
      token: morpheus.token,
    });
    expect(res.status).toBe(200);
    await deviceRequest(t, device)('POST', '/match/cancel', {});
  });

  it('deletes on a device that is not in a match, and once a silent device gave its match up', async () => {
    await seat(t, device, [trinity.id]);
    expect((await deviceRequest(t, device)('POST', '/match/start', {})).status).toBe(200);
    await setLastSeen(t, 'test-arcade', 'arena', new Date(Date.now() - 11 * 60_000));
    const res = await t.request('DELETE', `/api/v2/user/${trinity.id}`, { token: trinity.token });
    expect(res.status).toBe(200);
  });
});
