import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { adminContext } from '../../../test/support/admin-context';
import { addPlayer, type TestPlayer } from '../../../test/support/arcade';
import { addOperators, checkAccessMatrix, type Operators } from '../../../test/support/operators';
import { command as adminCommand } from '../../admin/commands/admin';
import { loadConfig } from '../../config';
import { accounts, auditLog, users } from '../../db/schema';
import {
  bootstrapTokenPath,
  localServerUrl,
  offerAdminBootstrap,
  readBootstrapServer,
  readBootstrapToken,
} from './bootstrap';

const roleOf = async (t: TestApp, id: string) =>
  (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

describe('PUT /api/admin/users/{id}/role', () => {
  let t: TestApp;
  let ops: Operators;
  let sam: TestPlayer;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
    sam = await addPlayer(t, 'Sam');
  });
  afterAll(() => t.close());

  it('admins only; audited', async () => {
    await checkAccessMatrix(t, ops, {
      call: () => ({
        method: 'PUT',
        path: `/api/admin/users/${sam.id}/role`,
        body: { role: 'staff', arcades: [ops.arcade] },
      }),
      expect: { staff: 403, admin: 200 },
      tables: ['users', 'staff_arcades', 'audit_log'],
    });
    const staff = await t.request('GET', '/api/admin/me', { token: sam.token });
    expect(staff.body).toMatchObject({ role: 'staff', arcades: [ops.arcade] });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, sam.id));
    expect(entry).toMatchObject({
      actorUserId: ops.admin.id,
      action: 'user.role',
      targetType: 'user',
      before: { role: 'player', arcades: [] },
      after: { role: 'staff', arcades: [ops.arcade] },
    });
  });

  it('bad input is a 400 with the fields, and nothing is written', async () => {
    const before = await t.counts('audit_log', 'staff_arcades');
    for (const [body, field] of [
      [{ role: 'staff' }, 'arcades'],
      [{ role: 'player', arcades: [ops.arcade] }, 'arcades'],
      [{ role: 'owner' }, 'role'],
      [{ role: 'staff', arcades: ['nowhere'] }, 'arcades'],
    ] as const) {
      const res = await t.request('PUT', `/api/admin/users/${sam.id}/role`, {
        token: ops.admin.token,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.error.details)).toContain(field);
    }
    expect(await t.counts('audit_log', 'staff_arcades')).toEqual(before);
    expect(
      (
        await t.request('PUT', '/api/admin/users/not-a-uuid/role', {
          token: ops.admin.token,
          body: { role: 'player' },
        })
      ).status,
    ).toBe(400);
  });

  it('the last admin keeps the role', async () => {
    const res = await t.request('PUT', `/api/admin/users/${ops.admin.id}/role`, {
      token: ops.admin.token,
      body: { role: 'player' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('last_admin');
    expect(await roleOf(t, ops.admin.id)).toBe('admin');
  });
});

describe('the first admin: bootstrap secret and `admin grant`', () => {
  let t: TestApp;
  let dataDir: string;
  let flynn: TestPlayer;
  let alan: TestPlayer;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-bootstrap-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    flynn = await addPlayer(t, 'Flynn');
    alan = await addPlayer(t, 'Alan');
    // Both proved their addresses (a followed link); see the last test for those who did not.
    await t.db.update(users).set({ mailVerifiedAt: new Date() });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the server writes a 0600 secret while no admin exists', async () => {
    const file = await offerAdminBootstrap(t.db, dataDir);
    expect(file).toBe(bootstrapTokenPath(dataDir));
    expect(fs.statSync(file!).mode & 0o777).toBe(0o600);
    expect(readBootstrapToken(dataDir)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readBootstrapServer(dataDir)).toBeNull();
    // With where it answers on this machine (loopback for every interface) on the next line.
    expect(localServerUrl('0.0.0.0', 8183)).toBe('http://127.0.0.1:8183');
    expect(localServerUrl('::', 8183)).toBe('http://[::1]:8183');
    expect(localServerUrl('192.0.2.7', 80)).toBe('http://192.0.2.7:80');
  });

  it('POST /api/admin/bootstrap refuses a wrong secret and writes nothing', async () => {
    const before = await t.counts('audit_log');
    const res = await t.request('POST', '/api/admin/bootstrap', {
      body: { secret: 'x'.repeat(43), email: flynn.userName.toLowerCase() + '@example.test' },
    });
    expect(res.status).toBe(403);
    expect(await roleOf(t, flynn.id)).toBe('player');
    expect(await t.counts('audit_log')).toEqual(before);
    const bad = await t.request('POST', '/api/admin/bootstrap', { body: { email: 'nope' } });
    expect(bad.status).toBe(400);
  });

  it('two bootstrap calls at once make exactly one admin', async () => {
    const secret = readBootstrapToken(dataDir)!;
    const answers = await Promise.all(
      [flynn, alan].map((p) =>
        t.request('POST', '/api/admin/bootstrap', {
          body: { secret, email: `${p.userName.toLowerCase()}@example.test` },
        }),
      ),
    );
    // The loser finds the admin (409) or, when it came after the winner, the secret spent (403).
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const roles = [await roleOf(t, flynn.id), await roleOf(t, alan.id)].sort();
    expect(roles).toEqual(['admin', 'player']);
    // Back to the start for the tests below: no admin, a fresh secret, written by the server
    // that answers at t.url.
    await t.db.update(users).set({ role: 'player' });
    await t.db.delete(auditLog);
    await offerAdminBootstrap(t.db, dataDir, t.url);
    expect(readBootstrapServer(dataDir)).toBe(t.url);
  });

  it('the CLI, when the server holds the database, sends the secret to it; then it is spent', async () => {
    const lines: string[] = [];
    // The operator's shell has neither the server's PORT nor its PUBLIC_URL (the default port,
    // where nothing answers): the secret's file says where the server is.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://127.0.0.1:9',
    });
    const code = await adminCommand.runThroughServer!(['grant', '--email', 'FLYNN@example.test'], {
      config,
      out: (line) => lines.push(line),
    });
    expect(lines.join('\n')).toContain('is admin');
    expect(code).toBe(0);
    expect(await roleOf(t, flynn.id)).toBe('admin');
    expect(fs.existsSync(bootstrapTokenPath(dataDir))).toBe(false);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, flynn.id));
    expect(entry).toMatchObject({
      actorUserId: null,
      actorLabel: 'bootstrap',
      action: 'user.role',
    });
    // Spent: no file, and a restart with an admin writes none.
    const again = await adminCommand.runThroughServer!(['grant', '--email', 'alan@example.test'], {
      config,
      out: (line) => lines.push(line),
    });
    expect(again).toBe(1);
    expect(await offerAdminBootstrap(t.db, dataDir)).toBeNull();
    expect(await roleOf(t, alan.id)).toBe('player');
  });

  it('without a running server, the CLI writes directly (audited as cli)', async () => {
    const lines: string[] = [];
    const ctx = adminContext(t.db, undefined, lines);
    expect(await adminCommand.run(['grant', '--email', 'alan@example.test'], ctx)).toBe(0);
    expect(await roleOf(t, alan.id)).toBe('admin');
    expect(await adminCommand.run(['grant', '--email', 'nobody@example.test'], ctx)).toBe(1);
    expect(await adminCommand.run(['grant'], ctx)).toBe(2);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, alan.id));
    expect(entry).toMatchObject({ actorLabel: 'cli' });
  });

  it("only a proven address counts: a profile that typed in the operator's gets nothing", async () => {
    const ctx = adminContext(t.db, undefined, []);
    // Mallory registers a profile with the operator's address, which she cannot receive mail at.
    const mallory = await addPlayer(t, 'Mallory');
    await t.db.update(users).set({ mail: 'kim@example.test' }).where(eq(users.id, mallory.id));
    expect(await adminCommand.run(['grant', '--email', 'kim@example.test'], ctx)).toBe(1);
    expect(await roleOf(t, mallory.id)).toBe('player');
    // Kim signs up at the embedded provider and confirms the address there: her profile is the
    // one proven, Mallory's copy neither wins nor blocks the grant.
    const kim = await addPlayer(t, 'Kim');
    const [account] = await t.db
      .insert(accounts)
      .values({
        email: 'kim@example.test',
        passwordHash: 'x',
        nickname: 'Kim',
        emailVerified: true,
      })
      .returning();
    await t.db
      .update(users)
      .set({ identitySub: account!.id, mail: 'Kim@Example.test' })
      .where(eq(users.id, kim.id));
    expect(await adminCommand.run(['grant', '--email', 'KIM@example.test'], ctx)).toBe(0);
    expect(await roleOf(t, kim.id)).toBe('admin');
    expect(await roleOf(t, mallory.id)).toBe('player');
  });
});
