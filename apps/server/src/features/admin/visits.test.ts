import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { addPlayer, type TestPlayer } from '../../../test/support/arcade';
import {
  addOperators,
  checkAccessMatrix,
  snapshot,
  type Operators,
} from '../../../test/support/operators';
import { auditLog, users, visits } from '../../db/schema';
import { today } from './games';

const WRITES = ['visits', 'audit_log'] as const;

describe('operator API: the visits of an arcade', () => {
  let t: TestApp;
  let ops: Operators;
  let vera: TestPlayer;
  let card: string;
  const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(auditLog.id)).at(-1);
  const path = () => `/api/admin/arcades/${ops.arcade}/visits`;

  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
    vera = await addPlayer(t, 'Vera');
    const [row] = await t.db.insert(users).values({ userName: 'CardKid' }).returning();
    card = row!.id;
  });
  afterAll(() => t.close());

  it('POST …/visits: staff of the arcade and admins record a visit; audited', async () => {
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'POST', path: path(), body: { userId: vera.id } }),
      expect: { staff: 201, admin: 201 },
      tables: WRITES,
    });
    const recorded = await t.request('POST', path(), {
      token: ops.staff.token,
      body: { userId: card },
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({
      arcadeId: ops.arcade,
      userId: card,
      userName: 'CardKid',
      recordedBy: { id: ops.staff.id, userName: ops.staff.userName },
      met: null,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'visit.create',
      targetType: 'visit',
      targetId: recorded.body.id,
      arcadeId: ops.arcade,
      actorUserId: ops.staff.id,
      after: { userId: card, visitedAt: recorded.body.visitedAt },
    });
  });

  it('refuses bad input with the fields (400) and an unknown arcade (404); nothing written', async () => {
    const before = await snapshot(t, WRITES);
    for (const body of [{}, { userId: 'vera' }]) {
      const res = await t.request('POST', path(), { token: ops.staff.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].path).toBe('userId');
    }
    const unknown = await t.request('POST', path(), {
      token: ops.staff.token,
      body: { userId: crypto.randomUUID() },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([
      { path: 'userId', message: 'is not a known player' },
    ]);
    const noArcade = await t.request('POST', '/api/admin/arcades/nowhere/visits', {
      token: ops.admin.token,
      body: { userId: vera.id },
    });
    expect(noArcade.status).toBe(404);
    expect(await snapshot(t, WRITES)).toEqual(before);
  });

  it('GET …/visits: the visits of a day, newest first, a page at a time', async () => {
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'GET', path: path() }),
      expect: { staff: 200, admin: 200 },
      tables: WRITES,
    });
    // A meeting two players recorded by scanning a card at the arcade is listed too; a visit
    // elsewhere and one of another day are not.
    await t.db.insert(visits).values([
      { userId: vera.id, metUserId: card, arcadeId: ops.arcade, recordedBy: vera.id },
      { userId: vera.id, arcadeId: ops.otherArcade, recordedBy: ops.otherStaff.id },
      {
        userId: vera.id,
        arcadeId: ops.arcade,
        visitedAt: new Date(Date.now() - 3 * 24 * 3600_000),
      },
    ]);
    const res = await t.request('GET', path(), { token: ops.staff.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ day: today(), timeZone: 'Europe/Berlin', next: null });
    // Staff's and the admin's (matrix), the card profile's, the meeting.
    expect(res.body.visits).toHaveLength(4);
    expect(res.body.visits[0]).toMatchObject({
      userName: 'Vera',
      met: { id: card, userName: 'CardKid' },
      recordedBy: { id: vera.id },
    });
    const times = res.body.visits.map((v: { visitedAt: string }) => v.visitedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const first = await t.request('GET', `${path()}?limit=2`, { token: ops.staff.token });
    expect(first.body.visits).toHaveLength(2);
    expect(first.body.next).toBe(first.body.visits[1].id);
    const second = await t.request('GET', `${path()}?limit=2&before=${first.body.next}`, {
      token: ops.staff.token,
    });
    expect(second.body).toMatchObject({ next: null });
    expect([...first.body.visits, ...second.body.visits]).toEqual(res.body.visits);
    const earlier = new Date(Date.now() - 3 * 24 * 3600_000);
    const day = today(earlier);
    const old = await t.request('GET', `${path()}?day=${day}`, { token: ops.staff.token });
    expect(old.body.visits).toHaveLength(1);
    for (const query of ['day=26.11.2026', 'limit=0', 'before=x']) {
      const bad = await t.request('GET', `${path()}?${query}`, { token: ops.staff.token });
      expect(bad.status, query).toBe(400);
    }
  });

  it('staff record only players their picker finds: not a private or friends-only one who never came, by id', async () => {
    const hidden = await Promise.all(['Pia', 'Fynn'].map((name) => addPlayer(t, name)));
    await t.db
      .update(users)
      .set({ profileVisibility: 'private' })
      .where(eq(users.id, hidden[0]!.id));
    await t.db
      .update(users)
      .set({ profileVisibility: 'friends' })
      .where(eq(users.id, hidden[1]!.id));
    const record = (token: string, userId: string) =>
      t.request('POST', path(), { token, body: { userId } });
    const before = await snapshot(t, WRITES);
    for (const player of hidden) {
      const refused = await record(ops.staff.token, player.id);
      expect(refused.status, player.userName).toBe(400);
      // As for an id of no one: nothing tells staff that the player exists.
      expect(refused.body.error.details).toEqual([
        { path: 'userId', message: 'is not a known player' },
      ]);
      const found = await t.request('GET', `/api/admin/players/find?q=${player.userName}`, {
        token: ops.staff.token,
      });
      expect(found.body.data).toEqual([]);
    }
    expect(await snapshot(t, WRITES)).toEqual(before);
    // An admin records the first visit; from then on the player is one of the arcade's.
    expect((await record(ops.admin.token, hidden[0]!.id)).status).toBe(201);
    expect((await record(ops.staff.token, hidden[0]!.id)).status).toBe(201);
  });
});
