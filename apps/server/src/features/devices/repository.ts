import { and, asc, count, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { arcades, devicePlayers, devices, users } from '../../db/schema';

export type DeviceRow = typeof devices.$inferSelect;

const byKey = (arcade: string, id: string) => and(eq(devices.arcadeId, arcade), eq(devices.id, id));

export async function findDevice(
  db: Queryable,
  arcade: string,
  id: string,
): Promise<DeviceRow | undefined> {
  const [row] = await db.select().from(devices).where(byKey(arcade, id)).limit(1);
  return row;
}

/** The device row, locked until the transaction ends: joins and reports queue on it. */
export async function lockDevice(
  db: Queryable,
  arcade: string,
  id: string,
): Promise<DeviceRow | undefined> {
  const [row] = await db.select().from(devices).where(byKey(arcade, id)).limit(1).for('update');
  return row;
}

/**
 * Whether one of the arcade's devices has this name, letter case and surrounding blanks aside.
 * Locks the arcade's row first (no key update), so two creations of one name queue and the
 * second sees the first.
 */
export async function deviceNameTaken(
  db: Queryable,
  arcade: string,
  name: string,
  /** The device being renamed: its own name does not count. */
  except?: string,
) {
  await db
    .select({ id: arcades.id })
    .from(arcades)
    .where(eq(arcades.id, arcade))
    .for('no key update');
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        eq(devices.arcadeId, arcade),
        sql`lower(btrim(${devices.name})) = lower(btrim(${name}))`,
        except === undefined ? undefined : ne(devices.id, except),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertDevice(
  db: Queryable,
  values: typeof devices.$inferInsert,
): Promise<DeviceRow | undefined> {
  const [row] = await db.insert(devices).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateDevice(
  db: Queryable,
  arcade: string,
  id: string,
  values: Partial<
    Pick<DeviceRow, 'name' | 'keyHash' | 'lastSeenAt' | 'matchStartedAt' | 'disabledAt'>
  > & {
    bumpRoster?: boolean;
  },
): Promise<DeviceRow | undefined> {
  const { bumpRoster, ...set } = values;
  const [row] = await db
    .update(devices)
    .set({ ...set, ...(bumpRoster ? { rosterVersion: sql`${devices.rosterVersion} + 1` } : {}) })
    .where(byKey(arcade, id))
    .returning();
  return row;
}

export async function listDevices(db: Queryable, arcade?: string) {
  return db
    .select({ device: devices, players: count(devicePlayers.userId) })
    .from(devices)
    .leftJoin(
      devicePlayers,
      and(eq(devicePlayers.arcadeId, devices.arcadeId), eq(devicePlayers.deviceId, devices.id)),
    )
    .where(arcade ? eq(devices.arcadeId, arcade) : undefined)
    .groupBy(devices.arcadeId, devices.id)
    .orderBy(asc(devices.arcadeId), asc(devices.id));
}

export async function rosterOf(db: Queryable, arcade: string, id: string) {
  return db
    .select({
      userId: devicePlayers.userId,
      userName: users.userName,
      joinedAt: devicePlayers.joinedAt,
    })
    .from(devicePlayers)
    .innerJoin(users, eq(users.id, devicePlayers.userId))
    .where(and(eq(devicePlayers.arcadeId, arcade), eq(devicePlayers.deviceId, id)))
    .orderBy(asc(devicePlayers.joinedAt), asc(devicePlayers.userId));
}

export async function countOn(db: Queryable, arcade: string, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(devicePlayers)
    .where(and(eq(devicePlayers.arcadeId, arcade), eq(devicePlayers.deviceId, id)));
  return Number(row?.n ?? 0);
}

/** How many enabled devices sent a heartbeat (or started a match) at or after `since`. */
export async function countSeenSince(db: Queryable, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(gte(devices.lastSeenAt, since), isNull(devices.disabledAt)));
  return Number(row?.n ?? 0);
}

/** The device a player is on, with its arcade's name; undefined when on none. */
export async function deviceOfPlayer(db: Queryable, userId: string) {
  const [row] = await db
    .select({ seat: devicePlayers, device: devices, arcadeName: arcades.name })
    .from(devicePlayers)
    .innerJoin(
      devices,
      and(eq(devices.arcadeId, devicePlayers.arcadeId), eq(devices.id, devicePlayers.deviceId)),
    )
    .innerJoin(arcades, eq(arcades.id, devices.arcadeId))
    .where(eq(devicePlayers.userId, userId))
    .limit(1);
  return row;
}

export async function insertSeat(db: Queryable, userId: string, arcade: string, id: string) {
  const [row] = await db
    .insert(devicePlayers)
    .values({ userId, arcadeId: arcade, deviceId: id })
    .returning();
  return row!;
}

/** Removes the device's seats that also meet `which`; answers whose they were. */
async function deleteSeatsWhere(db: Queryable, arcade: string, id: string, which: SQL) {
  const rows = await db
    .delete(devicePlayers)
    .where(and(eq(devicePlayers.arcadeId, arcade), eq(devicePlayers.deviceId, id), which))
    .returning({ userId: devicePlayers.userId });
  return rows.map((row) => row.userId);
}

/** Removes the given players from the device; answers how many were on it. */
export async function deleteSeats(
  db: Queryable,
  arcade: string,
  id: string,
  userIds: string[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  return (await deleteSeatsWhere(db, arcade, id, inArray(devicePlayers.userId, userIds))).length;
}

/** Removes the players who joined the device before `joinedBefore`; answers who they were. */
export function deleteSeatsJoinedBefore(
  db: Queryable,
  arcade: string,
  id: string,
  joinedBefore: Date,
): Promise<string[]> {
  return deleteSeatsWhere(db, arcade, id, lt(devicePlayers.joinedAt, joinedBefore));
}

/** Takes the player off whichever device they joined. */
export async function deleteSeatOf(db: Queryable, userId: string): Promise<void> {
  await db.delete(devicePlayers).where(eq(devicePlayers.userId, userId));
}

/**
 * Wakes the devices waiting on this roster, in every server process (LISTEN on PostgreSQL,
 * PGlite's own listen): delivered when the transaction commits, dropped if it rolls back.
 */
export async function notifyRoster(db: Queryable, arcade: string, id: string): Promise<void> {
  await db.execute(sql`select pg_notify('arcadia_device_roster', ${`${arcade};${id}`})`);
}
