import { z } from 'zod';
import {
  DEVICE_DEFAULT_APPLICATION,
  DEVICE_DEFAULT_CAPACITY,
  DEVICE_MATCH_ABANDONED_AFTER_SECONDS,
  DEVICE_OFFLINE_AFTER_SECONDS,
  deviceSegmentSchema,
  GAME_MAX_DURATION_SECONDS,
  type DevicePlayers,
  type Heartbeat,
} from '@arcadia/contracts';
import type { Db, Queryable } from '../../db/client';
import { signalDevicePlayers } from '../../events/live-signal';
import {
  AppError,
  conflict,
  deviceAuthFailed,
  deviceDisabled,
  notFound,
} from '../../plugins/errors';
import { arcadeExists, parseInput } from '../arcades';
import { applicationExists } from '../games';
import {
  deviceKeyMatches,
  generateDeviceKey,
  hashDeviceKey,
  parseDeviceAuthorization,
} from './keys';
import {
  countOn,
  countSeenSince,
  deleteSeats,
  deleteSeatsJoinedBefore,
  deviceOfPlayer,
  deviceNameTaken,
  findDevice,
  insertDevice,
  insertSeat,
  listDevices,
  lockDevice,
  notifyRoster,
  rosterOf,
  updateDevice,
  type DeviceRow,
} from './repository';

export type { DeviceRow };

const newDeviceSchema = z.object({
  arcade: deviceSegmentSchema,
  id: deviceSegmentSchema,
  name: z.string().trim().min(1, { message: 'name must not be empty' }).max(80),
  capacity: z.coerce.number().int().min(1).max(32).default(DEVICE_DEFAULT_CAPACITY),
  kind: z.string().trim().min(1).max(40).default('laser-tag'),
  applicationId: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { message: 'applicationId must be a lowercase slug' })
    .default(DEVICE_DEFAULT_APPLICATION),
});
export type NewDevice = z.input<typeof newDeviceSchema>;

/** Creates a device and answers its key: the only time the key exists in clear. */
export async function createDevice(
  db: Db,
  input: NewDevice,
): Promise<{ device: DeviceRow; key: string }> {
  return db.transaction(async (tx) => createDeviceIn(tx, input));
}

/** 409 at `name`: another device of the arcade has this name (case and blanks ignored). */
const nameTaken = (arcade: string, name: string) =>
  new AppError(
    409,
    'device_name_taken',
    `The arcade "${arcade}" has a device named "${name.trim()}" already`,
    [{ path: 'name', message: 'taken by another device of the arcade' }],
  );

/**
 * Renames a device (players see the name: "Du spielst auf: …"), in the caller's transaction; the
 * same rule as at creation: no two devices of an arcade share a name. 404 for no such device.
 */
export async function renameDeviceIn(
  tx: Queryable,
  arcade: string,
  id: string,
  name: string,
): Promise<{ before: DeviceRow; after: DeviceRow }> {
  const before = await findDevice(tx, arcade, id);
  if (!before) throw notFound(`No device "${arcade};${id}"`);
  if (await deviceNameTaken(tx, arcade, name, id)) throw nameTaken(arcade, name);
  const after = (await updateDevice(tx, arcade, id, { name: name.trim() }))!;
  return { before, after };
}

/** createDevice inside the caller's transaction (the operator console audits it there). */
export async function createDeviceIn(
  tx: Queryable,
  input: NewDevice,
): Promise<{ device: DeviceRow; key: string }> {
  const values = parseInput(newDeviceSchema, input);
  {
    if (!(await arcadeExists(tx, values.arcade)))
      throw notFound(`No arcade "${values.arcade}"; create it first with: arcade create`);
    // Its reports would all be refused (unknown_application): say so now, at the field.
    const application = values.applicationId;
    if (!(await applicationExists(tx, application)))
      throw new AppError(
        400,
        'unknown_application',
        `There is no game "${application}" in the catalogue; add it first`,
        [{ path: 'applicationId', message: `unknown game "${application}"` }],
      );
    if (await findDevice(tx, values.arcade, values.id))
      throw conflict(`The device "${values.arcade};${values.id}" exists already`);
    // Players see the name ("Du spielst auf: …") and operators pick devices by it.
    if (await deviceNameTaken(tx, values.arcade, values.name))
      throw nameTaken(values.arcade, values.name);
    const key = generateDeviceKey();
    const device = await insertDevice(tx, {
      arcadeId: values.arcade,
      id: values.id,
      name: values.name,
      capacity: values.capacity,
      kind: values.kind,
      applicationId: values.applicationId,
      keyHash: hashDeviceKey(key),
    });
    if (!device) throw conflict(`The device "${values.arcade};${values.id}" exists already`);
    return { device, key };
  }
}

/** A new key for a device; the old one stops working at once. */
export async function rotateDeviceKey(db: Queryable, arcade: string, id: string) {
  const key = generateDeviceKey();
  const device = await updateDevice(db, arcade, id, { keyHash: hashDeviceKey(key) });
  if (!device) throw notFound(`No device "${arcade};${id}"`);
  return { device, key };
}

export async function devicesOf(db: Queryable, arcade?: string) {
  return listDevices(db, arcade);
}

export async function deviceByKey(db: Queryable, arcade: string, id: string) {
  return findDevice(db, arcade, id);
}

/**
 * Whether players can play on the device now: it sent a heartbeat lately and is not disabled (a
 * disabled device's reports are refused, so for its players it is offline at once).
 */
export function isOnline(device: DeviceRow, now = Date.now()): boolean {
  return (
    device.disabledAt === null &&
    device.lastSeenAt !== null &&
    now - device.lastSeenAt.getTime() <= DEVICE_OFFLINE_AFTER_SECONDS * 1000
  );
}

/**
 * Whether the device's running match still holds its players (they may not leave or move, nor
 * delete their profile): it runs, the device is not disabled, and it was heard from within the
 * abandon window. A device offline for a minute may come back and report the match; one silent
 * for ten is given up, and so is a match running longer than the longest game a device may
 * report (a device heartbeating but never ending its match would hold its players for good).
 */
export function holdsMatch(device: DeviceRow, now = Date.now()): boolean {
  return (
    device.matchStartedAt !== null &&
    now - device.matchStartedAt.getTime() < GAME_MAX_DURATION_SECONDS * 1000 &&
    device.disabledAt === null &&
    device.lastSeenAt !== null &&
    now - device.lastSeenAt.getTime() <= DEVICE_MATCH_ABANDONED_AFTER_SECONDS * 1000
  );
}

/** How many devices are online now, by the same rule as `isOnline` (metrics). */
export async function countOnlineDevices(db: Queryable, now = Date.now()): Promise<number> {
  return countSeenSince(db, new Date(now - DEVICE_OFFLINE_AFTER_SECONDS * 1000));
}

/** The device an `Authorization: Device <arcade>:<id>:<key>` header names, if the key is right. */
export async function authenticateDevice(
  db: Queryable,
  header: string | undefined,
): Promise<DeviceRow> {
  const credentials = parseDeviceAuthorization(header);
  if (!credentials)
    throw new AppError(
      401,
      'device_auth_required',
      'Send "Authorization: Device <arcade>:<id>:<key>"',
    );
  const device = await findDevice(db, credentials.arcade, credentials.id);
  if (!device || !deviceKeyMatches(credentials.key, device.keyHash)) throw deviceAuthFailed();
  if (device.disabledAt) throw deviceDisabled();
  return device;
}

async function deviceRoster(db: Queryable, device: DeviceRow): Promise<DevicePlayers> {
  const players = await rosterOf(db, device.arcadeId, device.id);
  return {
    arcade: device.arcadeId,
    id: device.id,
    version: device.rosterVersion,
    capacity: device.capacity,
    matchStartedAt: device.matchStartedAt?.toISOString() ?? null,
    players: players.map((p) => ({
      userId: p.userId,
      userName: p.userName,
      joinedAt: p.joinedAt.toISOString(),
    })),
  };
}

/** The current roster, read fresh (the device row included) in one snapshot. */
export async function currentRoster(db: Db, arcade: string, id: string): Promise<DevicePlayers> {
  return db.transaction(
    async (tx) => {
      const device = await findDevice(tx, arcade, id);
      if (!device) throw notFound('No such device');
      return deviceRoster(tx, device);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export async function heartbeat(db: Queryable, device: DeviceRow): Promise<Heartbeat> {
  const now = new Date();
  const row = (await updateDevice(db, device.arcadeId, device.id, { lastSeenAt: now })) ?? device;
  return {
    serverTime: now.toISOString(),
    version: row.rosterVersion,
    matchStartedAt: row.matchStartedAt?.toISOString() ?? null,
  };
}

/** Marks the device mid-match: nobody can join until the report (or a cancel). */
export async function setMatchRunning(
  db: Db,
  device: DeviceRow,
  running: boolean,
): Promise<DevicePlayers> {
  return db.transaction(async (tx) => {
    const locked = await lockDevice(tx, device.arcadeId, device.id);
    if (!locked) throw notFound('No such device');
    const unchanged = running ? locked.matchStartedAt !== null : locked.matchStartedAt === null;
    const row = unchanged
      ? locked
      : await updateDevice(tx, device.arcadeId, device.id, {
          matchStartedAt: running ? new Date() : null,
          lastSeenAt: new Date(),
          bumpRoster: true,
        });
    if (!unchanged) {
      await notifyRoster(tx, device.arcadeId, device.id);
      // The players on it see the match start (or its cancel) on their play page.
      await signalDevicePlayers(
        tx,
        device.arcadeId,
        device.id,
        running ? 'match_started' : 'match_cancelled',
      );
    }
    return deviceRoster(tx, row ?? locked);
  });
}

/** For the play rules. */
export const seats = {
  lockDevice,
  countOn,
  deviceOfPlayer,
  insertSeat,
  deleteSeats,
  deleteSeatsJoinedBefore,
  /** A join or leave: a new roster version, and the waiting device woken. */
  bump: async (db: Queryable, arcade: string, id: string) => {
    await updateDevice(db, arcade, id, { bumpRoster: true });
    await notifyRoster(db, arcade, id);
  },
};
