import type { AdminDevice } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { signalLive } from '../../events/live-signal';
import { notFound } from '../../plugins/errors';
import {
  deleteSeats,
  findDevice,
  listDevices,
  notifyRoster,
  rosterOf,
  updateDevice,
} from './repository';
import { isOnline, type DeviceRow } from './service';

/** Devices as the operator console shows them: state, last heartbeat, who is on them. */
async function toAdminDevice(db: Queryable, device: DeviceRow): Promise<AdminDevice> {
  const players = await rosterOf(db, device.arcadeId, device.id);
  return {
    arcadeId: device.arcadeId,
    id: device.id,
    name: device.name,
    kind: device.kind,
    applicationId: device.applicationId,
    capacity: device.capacity,
    online: isOnline(device),
    lastHeartbeatAt: device.lastSeenAt?.toISOString() ?? null,
    matchStartedAt: device.matchStartedAt?.toISOString() ?? null,
    disabled: device.disabledAt !== null,
    players: players.map((p) => ({
      userId: p.userId,
      userName: p.userName,
      joinedAt: p.joinedAt.toISOString(),
    })),
  };
}

export { toAdminDevice };

export async function adminDevices(db: Queryable, arcade: string): Promise<AdminDevice[]> {
  const rows = await listDevices(db, arcade);
  return Promise.all(rows.map(({ device }) => toAdminDevice(db, device)));
}

export async function adminDevice(db: Queryable, arcade: string, id: string): Promise<AdminDevice> {
  const device = await findDevice(db, arcade, id);
  if (!device) throw notFound(`No device "${arcade};${id}"`);
  return toAdminDevice(db, device);
}

/**
 * Disables a device (its key is refused) or enables it again. Disabling ends its running match:
 * a disabled device cannot report it, and its players may leave or move (enabled again, the
 * device starts its next match anew).
 */
export async function setDeviceDisabled(
  db: Queryable,
  arcade: string,
  id: string,
  disabled: boolean,
): Promise<AdminDevice> {
  const row = await updateDevice(
    db,
    arcade,
    id,
    disabled ? { disabledAt: new Date(), matchStartedAt: null } : { disabledAt: null },
  );
  if (!row) throw notFound(`No device "${arcade};${id}"`);
  return toAdminDevice(db, row);
}

/** Takes a player off a device (the device is woken with the new roster); 404 when not on it. */
export async function kickPlayer(db: Queryable, arcade: string, id: string, userId: string) {
  const removed = await deleteSeats(db, arcade, id, [userId]);
  if (removed === 0) throw notFound('That player is not on this device');
  await updateDevice(db, arcade, id, { bumpRoster: true });
  await notifyRoster(db, arcade, id);
  await signalLive(db, [{ t: 'play', u: userId, r: 'removed', a: arcade, d: id }]);
}
