import type {
  AdminArcade,
  AuditAction,
  AdminDevice,
  ArcadeCreate,
  ArcadeUpdate,
  DeviceCreate,
  DeviceRename,
} from '@arcadia/contracts';
import type { Db, Tx } from '../../db/client';
import { signalArcadePlayers, signalDevicePlayers } from '../../events/live-signal';
import { AppError } from '../../plugins/errors';
import {
  arcadeDetails,
  arcadesDetails,
  createArcadeDetails,
  updateArcadeDetails,
} from '../arcades';
import {
  adminDevice,
  adminDevices,
  createDeviceIn,
  renameDeviceIn,
  kickPlayer,
  rotateDeviceKey,
  seats,
  setDeviceDisabled,
  toAdminDevice,
} from '../devices';
import type { Operator } from './access';
import { recordAudit } from './audit';

/**
 * The operator console's changes to arcades and devices: each one transaction with its audit
 * entry. Who may call which is the routes' `access` (routes-venues.ts).
 */

export async function visibleArcades(db: Db, operator: Operator): Promise<AdminArcade[]> {
  return arcadesDetails(db, operator.arcades);
}

export async function createArcade(
  db: Db,
  operator: Operator,
  input: ArcadeCreate,
): Promise<AdminArcade> {
  return db.transaction(async (tx) => {
    const arcade = await createArcadeDetails(tx, input);
    await recordAudit(tx, operator, {
      action: 'arcade.create',
      targetType: 'arcade',
      targetId: arcade.id,
      arcadeId: arcade.id,
      after: arcade,
    });
    return arcade;
  });
}

export async function editArcade(
  db: Db,
  operator: Operator,
  id: string,
  changes: ArcadeUpdate & { retiredAt?: Date },
  action: AuditAction = 'arcade.update',
): Promise<AdminArcade> {
  return db.transaction((tx) => editArcadeIn(tx, operator, id, changes, action));
}

async function editArcadeIn(
  tx: Tx,
  operator: Operator,
  id: string,
  changes: ArcadeUpdate & { retiredAt?: Date },
  action: AuditAction,
): Promise<AdminArcade> {
  // updateArcadeDetails locks the row before it reads "before": two edits at once queue, and
  // each audit entry's before is what the edit changed.
  const { before, after } = await updateArcadeDetails(tx, id, changes);
  if (before.name !== after.name) await signalArcadePlayers(tx, id, 'renamed');
  await recordAudit(tx, operator, {
    action,
    targetType: 'arcade',
    targetId: id,
    arcadeId: id,
    before,
    after,
  });
  return after;
}

/**
 * Retires an arcade (idempotent: a retired one keeps its date, and no second entry is written)
 * and disables each of its devices that is not disabled yet, each with its own audit entry: a
 * closed venue's devices take no player and no report any more.
 */
export async function retireArcade(db: Db, operator: Operator, id: string): Promise<AdminArcade> {
  return db.transaction(async (tx) => {
    const arcade = await arcadeDetails(tx, id, { lock: true });
    if (arcade.retiredAt) return arcade;
    const retired = await editArcadeIn(
      tx,
      operator,
      id,
      { retiredAt: new Date() },
      'arcade.retire',
    );
    for (const device of await adminDevices(tx, id))
      if (!device.disabled) await setDisabledIn(tx, operator, id, device.id, true);
    return retired;
  });
}

/**
 * 404 for an unknown arcade, 409 for a change that would bring a retired arcade's devices back
 * into play (the arcade's row locked, so a retire at the same moment queues).
 */
async function refuseRetired(tx: Tx, arcadeId: string): Promise<void> {
  const arcade = await arcadeDetails(tx, arcadeId, { lock: true });
  if (arcade.retiredAt)
    throw new AppError(409, 'arcade_retired', `The arcade "${arcadeId}" is retired`);
}

const deviceTarget = (arcadeId: string, id: string) => `${arcadeId};${id}`;

export async function createDevice(
  db: Db,
  operator: Operator,
  arcadeId: string,
  input: DeviceCreate,
): Promise<{ device: AdminDevice; key: string }> {
  return db.transaction(async (tx) => {
    await refuseRetired(tx, arcadeId);
    const { device: row, key } = await createDeviceIn(tx, { ...input, arcade: arcadeId });
    const device = await toAdminDevice(tx, row);
    const { players: _players, online: _online, ...after } = device;
    await recordAudit(tx, operator, {
      action: 'device.create',
      targetType: 'device',
      targetId: deviceTarget(arcadeId, device.id),
      arcadeId,
      after,
    });
    return { device, key };
  });
}

/** Renames a device of the arcade; audited `device.update` with the names before and after. */
export async function renameDevice(
  db: Db,
  operator: Operator,
  arcadeId: string,
  id: string,
  input: DeviceRename,
): Promise<AdminDevice> {
  return db.transaction(async (tx) => {
    const { before, after } = await renameDeviceIn(tx, arcadeId, id, input.name);
    if (before.name === after.name) return toAdminDevice(tx, after);
    // The players on it see the new name now, not after a reload.
    await signalDevicePlayers(tx, arcadeId, id, 'renamed');
    await recordAudit(tx, operator, {
      action: 'device.update',
      targetType: 'device',
      targetId: deviceTarget(arcadeId, id),
      arcadeId,
      before: { name: before.name },
      after: { name: after.name },
    });
    return toAdminDevice(tx, after);
  });
}

export async function rotateKey(
  db: Db,
  operator: Operator,
  arcadeId: string,
  id: string,
): Promise<{ device: AdminDevice; key: string }> {
  return db.transaction(async (tx) => {
    const { device: row, key } = await rotateDeviceKey(tx, arcadeId, id);
    await recordAudit(tx, operator, {
      action: 'device.rotate_key',
      targetType: 'device',
      targetId: deviceTarget(arcadeId, id),
      arcadeId,
    });
    return { device: await toAdminDevice(tx, row), key };
  });
}

export async function setDisabled(
  db: Db,
  operator: Operator,
  arcadeId: string,
  id: string,
  disabled: boolean,
): Promise<AdminDevice> {
  return db.transaction(async (tx) => {
    if (!disabled) await refuseRetired(tx, arcadeId);
    return setDisabledIn(tx, operator, arcadeId, id, disabled);
  });
}

async function setDisabledIn(
  tx: Tx,
  operator: Operator,
  arcadeId: string,
  id: string,
  disabled: boolean,
): Promise<AdminDevice> {
  // Locked first: two switches at once queue, and each entry's before is what it changed.
  await seats.lockDevice(tx, arcadeId, id);
  const before = await adminDevice(tx, arcadeId, id);
  const after = await setDeviceDisabled(tx, arcadeId, id, disabled);
  // Its players see it go offline now (and back when it is enabled while it still reports), not
  // when the live channel's sweep next looks: they may leave, or move, though a round ran on it.
  if (before.online !== after.online)
    await signalDevicePlayers(tx, arcadeId, id, after.online ? 'device_online' : 'device_offline');
  await recordAudit(tx, operator, {
    action: disabled ? 'device.disable' : 'device.enable',
    targetType: 'device',
    targetId: deviceTarget(arcadeId, id),
    arcadeId,
    before: { disabled: before.disabled },
    after: { disabled: after.disabled },
  });
  return after;
}

export async function kick(
  db: Db,
  operator: Operator,
  arcadeId: string,
  id: string,
  userId: string,
): Promise<AdminDevice> {
  return db.transaction(async (tx) => {
    await adminDevice(tx, arcadeId, id);
    await kickPlayer(tx, arcadeId, id, userId);
    await recordAudit(tx, operator, {
      action: 'device.kick',
      targetType: 'device',
      targetId: deviceTarget(arcadeId, id),
      arcadeId,
      before: { userId },
    });
    return adminDevice(tx, arcadeId, id);
  });
}
