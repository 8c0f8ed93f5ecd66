import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { addPlayer, type TestPlayer } from '../../../test/support/arcade';
import { addOperators, checkAccessMatrix, type Operators } from '../../../test/support/operators';
import { friendships, users, visits } from '../../db/schema';

/**
 * GET /api/admin/players/find: the console's player picker (roles, visits, a guest's result)
 * finds players whatever their profile's visibility, within what the operator may see; the
 * public search (GET /api/user) still hides friends-only and private profiles.
 */
describe("operator API: the console's player picker", () => {
  let t: TestApp;
  let ops: Operators;
  /** Friends only, visited the staff's arcade (a player under 16 gets this by default). */
  let friendsOnly: TestPlayer;
  /** Private, visited the staff's arcade. */
  let privateOne: TestPlayer;
  /** Public, never at the staff's arcade. */
  let publicOne: TestPlayer;
  /** Friends only, a friend of the staff member, never at their arcade. */
  let staffFriend: TestPlayer;
  /** Private, visited only the other arcade. */
  let elsewhere: TestPlayer;

  const hide = (player: TestPlayer, profileVisibility: 'friends' | 'private') =>
    t.db.update(users).set({ profileVisibility }).where(eq(users.id, player.id));
  const names = (body: { data: Array<{ name: string }> }) => body.data.map((p) => p.name).sort();

  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
    friendsOnly = await addPlayer(t, 'SamYoung');
    privateOne = await addPlayer(t, 'SamQuiet');
    publicOne = await addPlayer(t, 'SamOpen');
    staffFriend = await addPlayer(t, 'SamPal');
    elsewhere = await addPlayer(t, 'SamAway');
    await hide(friendsOnly, 'friends');
    await hide(privateOne, 'private');
    await hide(staffFriend, 'friends');
    await hide(elsewhere, 'private');
    await t.db.insert(visits).values([
      { userId: friendsOnly.id, arcadeId: ops.arcade },
      { userId: privateOne.id, arcadeId: ops.arcade },
      { userId: elsewhere.id, arcadeId: ops.otherArcade },
    ]);
    await t.db.insert(friendships).values([
      { userId: staffFriend.id, friendId: ops.staff.id },
      { userId: ops.staff.id, friendId: staffFriend.id },
    ]);
  });
  afterAll(() => t.close());

  const find = (token: string, q: string) =>
    t.request('GET', `/api/admin/players/find?q=${encodeURIComponent(q)}`, { token });
  const publicSearch = (token: string, term: string) =>
    t.request('GET', `/api/user?searchterm=${encodeURIComponent(term)}`, { token });

  it('is for staff and admins', async () => {
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'GET', path: '/api/admin/players/find?q=sam' }),
      expect: { staff: 200, admin: 200, otherStaff: 200 },
      tables: ['users', 'audit_log'],
    });
  });

  it('admins find every player, friends-only and private ones too; the public search hides them', async () => {
    const found = await find(ops.admin.token, 'sam');
    expect(found.status).toBe(200);
    expect(names(found.body)).toEqual(['SamAway', 'SamOpen', 'SamPal', 'SamQuiet', 'SamYoung']);
    expect(found.body.data).toContainEqual({ id: friendsOnly.id, name: 'SamYoung' });

    const searched = await publicSearch(ops.admin.token, 'sam');
    expect(searched.status).toBe(200);
    expect(names(searched.body)).toEqual(['SamOpen']);
  });

  it('staff find the players of their arcades whatever their visibility, and whom the public search shows them', async () => {
    const found = await find(ops.staff.token, 'SAM');
    expect(names(found.body)).toEqual(['SamOpen', 'SamPal', 'SamQuiet', 'SamYoung']);
    // The public search shows them only the public profile and their friend's.
    expect(names((await publicSearch(ops.staff.token, 'sam')).body)).toEqual(['SamOpen', 'SamPal']);
    // Staff of the other arcade: their visitor, and the public profile; not this arcade's.
    expect(names((await find(ops.otherStaff.token, 'sam')).body)).toEqual(['SamAway', 'SamOpen']);
  });

  it('orders as the public search and refuses a term shorter than the search minimum', async () => {
    expect((await find(ops.admin.token, 'samo')).body.data).toEqual([
      { id: publicOne.id, name: 'SamOpen' },
    ]);
    const ordered = await find(ops.admin.token, 'sam');
    expect(ordered.body.data.map((p: { name: string }) => p.name)).toEqual([
      'SamPal',
      'SamAway',
      'SamOpen',
      'SamQuiet',
      'SamYoung',
    ]);
    expect((await find(ops.admin.token, 'sa')).status).toBe(400);
    expect((await find(ops.admin.token, '%%%')).body.data).toEqual([]);
  });
});
