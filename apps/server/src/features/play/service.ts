import type { CurrentDevice, PlayErrorCode, PlayingDevice } from '@arcadia/contracts';
import type { Db } from '../../db/client';
import { signalLive } from '../../events/live-signal';
import { AppError, forbidden } from '../../plugins/errors';
import { arcadeById } from '../arcades';
import { holdsMatch, isOnline, seats, type DeviceRow } from '../devices';
import { currentUser, queueForPlayer } from '../users';

const playError = (status: number, code: PlayErrorCode, message: string) =>
  new AppError(status, code, message);

function playing(device: DeviceRow, arcadeName: string, joinedAt: Date): PlayingDevice {
  return {
    id: device.id,
    arcade: device.arcadeId,
    name: device.name,
    arcadeName,
    applicationId: device.applicationId,
    joinedAt: joinedAt.toISOString(),
  };
}

/** How long a seat is kept without a match once the device is full (docs/security.md). */
export const SEAT_IDLE_MS = 30 * 60_000;

/**
 * Starts playing on a device. Rules: the device exists (404 device_not_found), is online (a
 * heartbeat within 60 s), is not mid-match and has a free place (409 device_offline,
 * device_in_match, device_full; on a full device, seats taken over SEAT_IDLE_MS ago are freed).
 * Already on it: the same answer again. On another device: the player moves, unless that device
 * is mid-match (409 already_in_match).
 */
export async function startPlaying(
  db: Db,
  sub: string,
  arcade: string,
  id: string,
): Promise<PlayingDevice> {
  return db.transaction(async (tx) => {
    const me = await currentUser(tx, sub);
    // Two joins of one player at once: the second waits and then sees the first one's seat.
    await queueForPlayer(tx, me.id);
    const current = await seats.deviceOfPlayer(tx, me.id);
    const onOther =
      current && (current.device.arcadeId !== arcade || current.device.id !== id)
        ? current.device
        : undefined;
    // Lock both devices in one order, so two players swapping devices cannot deadlock.
    const keys = [
      { arcade, id },
      ...(onOther ? [{ arcade: onOther.arcadeId, id: onOther.id }] : []),
    ].sort((a, b) => `${a.arcade};${a.id}`.localeCompare(`${b.arcade};${b.id}`));
    const locked = new Map<string, DeviceRow | undefined>();
    for (const key of keys)
      locked.set(`${key.arcade};${key.id}`, await seats.lockDevice(tx, key.arcade, key.id));
    const device = locked.get(`${arcade};${id}`);
    if (!device) throw playError(404, 'device_not_found', `There is no device ${arcade};${id}`);
    const arcadeName = (await arcadeById(tx, arcade)).name;

    // Re-read under the lock: a report may have released the player meanwhile.
    const seat = await seats.deviceOfPlayer(tx, me.id);
    if (seat && seat.device.arcadeId === arcade && seat.device.id === id)
      return playing(device, arcadeName, seat.seat.joinedAt);

    // A disabled device's key is refused, so it is offline for the players too (isOnline); said
    // before its match: one cannot join after it there either.
    if (!isOnline(device))
      throw playError(409, 'device_offline', 'This device is offline at the moment');
    if (device.matchStartedAt)
      throw playError(409, 'device_in_match', 'A match is running on this device; join after it');
    const taken = await seats.countOn(tx, arcade, id);
    if (taken >= device.capacity) {
      // A seat is released by the match's report or by leaving; one kept without a match for
      // SEAT_IDLE_MS (a player who walked away, an account holding a place from elsewhere) gives
      // way to the player at the device now. No match runs here (checked above).
      const expired = await seats.deleteSeatsJoinedBefore(
        tx,
        arcade,
        id,
        new Date(Date.now() - SEAT_IDLE_MS),
      );
      await signalLive(
        tx,
        expired.map((u) => ({ t: 'play' as const, u, r: 'expired' as const, a: arcade, d: id })),
      );
      if (taken - expired.length >= device.capacity)
        throw playError(409, 'device_full', `This device is full (${device.capacity} players)`);
    }

    if (seat) {
      const other = locked.get(`${seat.device.arcadeId};${seat.device.id}`) ?? seat.device;
      // Not out of a match its device may still report (holdsMatch: a disabled device's, or one
      // silent for ten minutes, is given up).
      if (holdsMatch(other))
        throw playError(
          409,
          'already_in_match',
          `You are in a match on ${other.arcadeId};${other.id}; finish it first`,
        );
      await seats.deleteSeats(tx, other.arcadeId, other.id, [me.id]);
      await seats.bump(tx, other.arcadeId, other.id);
    }
    const inserted = await seats.insertSeat(tx, me.id, arcade, id);
    await seats.bump(tx, arcade, id);
    // The player's other tabs and devices follow (the live channel).
    await signalLive(tx, [{ t: 'play', u: me.id, r: 'joined', a: arcade, d: id }]);
    return playing(device, arcadeName, inserted.joinedAt);
  });
}

/**
 * Stops playing: only for oneself (403), only on the device one is on (404 not_playing), not
 * during the device's match (409 already_in_match) unless the device went offline.
 */
export async function stopPlaying(
  db: Db,
  sub: string,
  arcade: string,
  id: string,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const me = await currentUser(tx, sub);
    if (me.id !== userId) throw forbidden('You can only stop your own play');
    const device = await seats.lockDevice(tx, arcade, id);
    if (!device) throw playError(404, 'device_not_found', `There is no device ${arcade};${id}`);
    // The running match's roster is what its report may credit: a player leaving mid-match would
    // make the device's report refused for everyone (not_on_roster). Once the match is given up
    // (holdsMatch: the device disabled, or silent for ten minutes), the player may go.
    const seat = await seats.deviceOfPlayer(tx, me.id);
    const here = seat?.device.arcadeId === arcade && seat.device.id === id;
    if (here && holdsMatch(device))
      throw playError(
        409,
        'already_in_match',
        `You are in a match on ${arcade};${id}; finish it first`,
      );
    const removed = await seats.deleteSeats(tx, arcade, id, [me.id]);
    if (removed === 0) throw playError(404, 'not_playing', 'You are not playing on this device');
    await seats.bump(tx, arcade, id);
    await signalLive(tx, [{ t: 'play', u: me.id, r: 'left', a: arcade, d: id }]);
  });
}

/** The device the player is on, or {} (the client keeps it only when it has an id). */
export async function currentDevice(db: Db, sub: string): Promise<CurrentDevice> {
  const me = await currentUser(db, sub);
  const seat = await seats.deviceOfPlayer(db, me.id);
  return seat ? playing(seat.device, seat.arcadeName, seat.seat.joinedAt) : {};
}
