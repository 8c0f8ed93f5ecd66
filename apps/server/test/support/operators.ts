import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { staffArcades, users } from '../../src/db/schema';
import type { TestApp } from './app';
import { addArcade, addDevice, addPlayer, type TestDevice, type TestPlayer } from './arcade';

/** Everyone who may knock at an operator route, one per row of the authorization matrix. */
export const CALLERS = ['anonymous', 'device', 'player', 'otherStaff', 'staff', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

export interface Operators {
  /** The arcade `staff` runs (and `otherStaff` does not). */
  arcade: string;
  otherArcade: string;
  admin: TestPlayer;
  staff: TestPlayer;
  otherStaff: TestPlayer;
  player: TestPlayer;
  /** A device of `arcade`: its key must never open an operator route. */
  device: TestDevice;
}

/** Makes an existing player staff of the given arcades, or admin. */
export async function setRole(
  t: TestApp,
  userId: string,
  role: 'player' | 'staff' | 'admin',
  arcades: string[] = [],
) {
  await t.db.update(users).set({ role }).where(eq(users.id, userId));
  await t.db.delete(staffArcades).where(eq(staffArcades.userId, userId));
  if (arcades.length > 0)
    await t.db.insert(staffArcades).values(arcades.map((arcadeId) => ({ userId, arcadeId })));
}

/** Two arcades, an admin, staff of each, a player and a device: the callers of the matrix. */
export async function addOperators(
  t: TestApp,
  arcade = 'ops-arcade',
  otherArcade = 'ops-other',
): Promise<Operators> {
  await addArcade(t, arcade, 'Ops Arcade');
  await addArcade(t, otherArcade, 'Other Arcade');
  const [admin, staff, otherStaff, player] = await Promise.all(
    ['Flynn', 'Alan', 'Lora', 'Ram'].map((name) => addPlayer(t, `${name}${arcade.length}`)),
  );
  await setRole(t, admin!.id, 'admin');
  await setRole(t, staff!.id, 'staff', [arcade]);
  await setRole(t, otherStaff!.id, 'staff', [otherArcade]);
  const device = await addDevice(t, arcade, 'ops-device');
  return {
    arcade,
    otherArcade,
    admin: admin!,
    staff: staff!,
    otherStaff: otherStaff!,
    player: player!,
    device,
  };
}

export function headersOf(ops: Operators, caller: Caller): Record<string, string> {
  if (caller === 'anonymous') return {};
  if (caller === 'device') return ops.device.headers;
  return { authorization: `Bearer ${ops[caller].token}` };
}

/** Every row of the tables, to prove a refused call wrote nothing. */
export async function snapshot(t: TestApp, tables: readonly string[]) {
  const all: Record<string, unknown> = {};
  for (const table of tables) {
    const res = await t.db.execute<{ rows: unknown }>(
      sql`select coalesce(json_agg(r order by r::text), '[]') as rows from ${sql.identifier(table)} r`,
    );
    all[table] = res.rows[0]!.rows;
  }
  return all;
}

export interface MatrixRoute {
  /** The call as one caller makes it (a write may need a fresh id per allowed caller). */
  call(caller: Caller): {
    method: string;
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
  };
  /** The status each caller gets; the refusals default to anonymous/device 401, player/otherStaff 403. */
  expect: { staff: number; admin: number } & Partial<Record<Caller, number>>;
  /** The tables a refused call must leave exactly as they were. */
  tables: readonly string[];
}

/**
 * The authorization matrix of one operator route, table-driven: each caller in turn, the refused
 * ones first (and each of those proven to have written nothing), then staff and admin.
 */
export async function checkAccessMatrix(t: TestApp, ops: Operators, route: MatrixRoute) {
  const expected: Record<Caller, number> = {
    anonymous: 401,
    device: 401,
    player: 403,
    otherStaff: 403,
    ...route.expect,
  };
  const seen: Partial<Record<Caller, number>> = {};
  for (const caller of CALLERS) {
    const { method, path, body, headers } = route.call(caller);
    const refused = expected[caller] >= 400;
    const before = refused ? await snapshot(t, route.tables) : undefined;
    const res = await t.request(method, path, {
      body,
      headers: { ...headers, ...headersOf(ops, caller) },
    });
    seen[caller] = res.status;
    if (refused) expect(await snapshot(t, route.tables), `${caller} wrote nothing`).toEqual(before);
  }
  expect(seen).toEqual(expected);
}
