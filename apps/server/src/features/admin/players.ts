import type {
  AdminFindPlayersQuery,
  AdminPlayer,
  AdminPlayersPage,
  AdminPlayersQuery,
  AdminRename,
  AdminSuspend,
  SearchResult,
} from '@arcadia/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../db/client';
import type { AppEventBus } from '../../events/map';
import { AppError, conflict, notFound } from '../../plugins/errors';
import { announceRevokedAccount } from '../../plugins/auth';
import { kickPlayer, seats } from '../devices';
import { operatorHistoryAndStatistics, removeShareImagesOf, renamePlayerInGames } from '../games';
import { accountEmail, endAllSessions, refuseTokensIssuedBefore } from '../identity';
import { dropPendingOf } from '../push';
import { deleteFriendNoticesNaming } from '../live';
import { deleteFriendDeliveriesNaming } from '../push';
import {
  eraseProfile,
  renameUser,
  setSuspension,
  uniqueViolation,
  userById,
  type ProfileDeletion,
  type UserRow,
} from '../users';
import type { Operator } from './access';
import { recordAudit } from './audit';
import { staffArcadesOf } from './repository';
import { findPlayers, searchPlayers, seesPlayer } from './players-repository';

/**
 * The console's players: search and open (admins every player, staff those of their arcades),
 * and, for admins, rename, suspend and delete. Each change is one transaction with its audit
 * entry (target `user`, so a later deletion of the player anonymises it: audit.ts).
 */

export async function playersPage(
  db: Queryable,
  operator: Operator,
  query: AdminPlayersQuery,
): Promise<AdminPlayersPage> {
  return { ...(await searchPlayers(db, operator.arcades, query)), page: query.page };
}

/** The console's player picker (players-repository.ts findPlayers). */
export async function playerPicks(
  db: Queryable,
  operator: Operator,
  query: AdminFindPlayersQuery,
): Promise<SearchResult> {
  return findPlayers(db, operator.arcades, operator.userId, query.q);
}

/** 404 for no such player and for one the operator does not see (no hint that it exists). */
async function visiblePlayer(db: Queryable, operator: Operator, id: string): Promise<UserRow> {
  const user = await userById(db, id);
  if (!(await seesPlayer(db, operator.arcades, id))) throw notFound('No such user');
  return user;
}

export async function playerDetails(
  db: Queryable,
  operator: Operator,
  id: string,
): Promise<AdminPlayer> {
  const user = await visiblePlayer(db, operator, id);
  const admin = operator.role === 'admin';
  const { matchHistory, userStatistics } = await operatorHistoryAndStatistics(
    db,
    id,
    operator.arcades,
  );
  const seat = await seats.deviceOfPlayer(db, id);
  // Staff see a player's device only at their own arcades: where a player is elsewhere is
  // nothing of theirs (a visit recorded at their arcade would tell them otherwise).
  const seatShown = seat && (!operator.arcades || operator.arcades.includes(seat.device.arcadeId));
  return {
    id: user.id,
    userName: user.userName,
    role: user.role,
    claimed: user.identitySub !== null,
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    earlyAdopter: user.earlyAdopter,
    // Personal data for admins only (docs/operator-console.md): staff run a venue, not accounts.
    mail: admin ? user.mail : null,
    signInEmail: admin && user.identitySub ? await accountEmail(db, user.identitySub) : null,
    suspendedReason: admin ? user.suspendedReason : null,
    arcades: user.role === 'staff' ? await staffArcadesOf(db, id) : [],
    device: seatShown ? { arcadeId: seat.device.arcadeId, deviceId: seat.device.id } : null,
    recentGames: matchHistory,
    statistics: userStatistics,
  };
}

/** The profile locked for a change until the transaction ends; 404 when there is none. */
async function lockedPlayer(tx: Tx, id: string): Promise<UserRow> {
  await tx.execute(sql`select 1 from users where id = ${id} for update`);
  return userById(tx, id);
}

const nameTaken = () =>
  conflict('This user name is already taken', [
    { path: 'userName', message: 'This user name is already taken' },
  ]);

/**
 * Renames an offensive user name, with the rules of registration; audited before/after. The
 * games they played show the new name (their stored player lists too), the other players'
 * "X added you as a friend" notices and pushes that carry the old one go, and their cached share
 * images leave `shareImages` once committed (the next view draws the new name).
 */
export async function renamePlayer(
  db: Db,
  operator: Operator,
  id: string,
  input: AdminRename,
  shareImages: string,
): Promise<AdminPlayer> {
  try {
    await db.transaction(async (tx) => {
      const user = await lockedPlayer(tx, id);
      if (user.userName === input.userName) return;
      if (!(await renameUser(tx, user, input.userName))) throw nameTaken();
      await renamePlayerInGames(tx, id, input.userName);
      // The other players' "X added you as a friend" notices carry the old name: they go.
      await deleteFriendNoticesNaming(tx, id);
      await deleteFriendDeliveriesNaming(tx, id);
      await recordAudit(tx, operator, {
        action: 'user.rename',
        targetType: 'user',
        targetId: id,
        before: { userName: user.userName },
        after: { userName: input.userName },
      });
    });
  } catch (error) {
    // A registration racing for the name: the unique indexes decide, as for registration.
    if (uniqueViolation(error) !== null) throw nameTaken();
    throw error;
  }
  await removeShareImagesOf(db, shareImages, id);
  return playerDetails(db, operator, id);
}

const operatorAccount = (what: string) =>
  new AppError(409, 'operator_account', `An admin cannot be ${what}: take the admin role first`);

/**
 * Suspends a player: no sign-in at the embedded provider, their sessions and refresh tokens end,
 * tokens already issued are refused from now on, also once the suspension is lifted (403 account_suspended, every process: the
 * NOTIFY commits with the change), they leave the device they are on, and their pushes not yet
 * sent are dropped (none are enqueued while suspended, push/outbox.ts). 409 when suspended
 * already, and for an admin (take the role first: the last admin stays, roles.ts).
 */
export async function suspendPlayer(
  db: Db,
  operator: Operator,
  id: string,
  input: AdminSuspend,
): Promise<{ player: AdminPlayer; identitySub: string | null }> {
  const identitySub = await db.transaction(async (tx) => {
    const user = await lockedPlayer(tx, id);
    if (user.role === 'admin') throw operatorAccount('suspended');
    if (user.suspendedAt) throw conflict('This player is suspended already');
    const at = new Date();
    await setSuspension(tx, id, { at, reason: input.reason });
    const seat = await seats.deviceOfPlayer(tx, id);
    if (seat) await kickPlayer(tx, seat.device.arcadeId, seat.device.id, id);
    await dropPendingOf(tx, id);
    if (user.identitySub) {
      await endAllSessions(tx, user.identitySub);
      // Refused for good, not only while suspended: lifting it later does not revive them.
      await refuseTokensIssuedBefore(tx, user.identitySub);
      await announceRevokedAccount(tx, user.identitySub);
    }
    await recordAudit(tx, operator, {
      action: 'user.suspend',
      targetType: 'user',
      targetId: id,
      before: { suspendedAt: null },
      after: {
        suspendedAt: at.toISOString(),
        reason: input.reason,
        ...(seat ? { leftDevice: `${seat.device.arcadeId};${seat.device.id}` } : {}),
      },
    });
    return user.identitySub;
  });
  return { player: await playerDetails(db, operator, id), identitySub };
}

/** Lifts a suspension: the player may sign in again. 409 when not suspended. */
export async function unsuspendPlayer(
  db: Db,
  operator: Operator,
  id: string,
): Promise<AdminPlayer> {
  await db.transaction(async (tx) => {
    const user = await lockedPlayer(tx, id);
    if (!user.suspendedAt) throw conflict('This player is not suspended');
    await setSuspension(tx, id, null);
    await recordAudit(tx, operator, {
      action: 'user.unsuspend',
      targetType: 'user',
      targetId: id,
      before: { suspendedAt: user.suspendedAt.toISOString(), reason: user.suspendedReason },
      after: { suspendedAt: null },
    });
  });
  return playerDetails(db, operator, id);
}

/**
 * Deletes a player exactly as they would delete themselves (users eraseProfile: every feature
 * forgets them on 'user.deleted'), with an audit entry that names nobody: the deletion has just
 * anonymised every entry about the player, and this one keeps no id either.
 */
export async function deletePlayer(
  db: Db,
  events: AppEventBus,
  operator: Operator,
  id: string,
): Promise<ProfileDeletion> {
  return eraseProfile(
    db,
    events,
    async (tx) => {
      const user = await lockedPlayer(tx, id);
      if (user.role === 'admin') throw operatorAccount('deleted');
      return user;
    },
    async (tx) => {
      await recordAudit(tx, operator, {
        action: 'user.delete',
        targetType: 'user',
        targetId: 'deleted',
      });
    },
  );
}
