import {
  AGB_VERSION,
  defaultLeaderboardVisible,
  defaultProfileVisibility,
  type ProfileUpdate,
  type Registration,
} from '@arcadia/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Db, Queryable, Tx } from '../../db/client';
import { AppError, conflict, forbidden, notFound } from '../../plugins/errors';
import type { AppEventBus } from '../../events/map';
import {
  requestMarketingConsent,
  withdrawMarketingConsent,
  type ConfirmationLinks,
} from '../marketing';
import {
  countLinkedUsers,
  deleteUser,
  findUserById,
  findUserByName,
  findUserBySub,
  insertUser,
  lockUser,
  type UserRow,
} from './repository';
import { holdsMatch, seats } from '../devices';
import { lockBoardRows } from '../leaderboards';
import { countAdmins, lockRoleChanges } from './roles';

/** The first players to register get the 'Early adopter' badge. */
export const EARLY_ADOPTER_LIMIT = 1000;

const usernameTaken = () =>
  conflict('This user name is already taken', [
    { path: 'username', message: 'This user name is already taken' },
  ]);

/** The profile linked to the signed-in identity; 404 until the player registered. */
export async function currentUser(db: Queryable, sub: string): Promise<UserRow> {
  const user = await findUserBySub(db, sub);
  if (!user)
    throw new AppError(404, 'not_registered', 'No profile is registered for this sign-in yet');
  return user;
}

export async function userById(db: Queryable, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw notFound('No such user');
  return user;
}

const alreadyRegistered = () => conflict('A profile is already registered for this sign-in');

/** The constraint a unique violation hit (the driver error may be wrapped by Drizzle). */
export function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string; cause?: unknown };
  if (e?.code === '23505') return e.constraint ?? '';
  return e?.cause ? uniqueViolation(e.cause) : null;
}

/**
 * A written profile and, when the player asked for marketing mail, the links of the
 * confirmation mail the caller sends once committed (double opt-in: nothing is consented yet).
 */
export interface ProfileWithMarketingMail {
  user: UserRow;
  marketingMail?: ConfirmationLinks;
  /** The profile's visibility changed (settings): the share images are to be made anew. */
  visibilityChanged?: boolean;
}

/**
 * Registers the signed-in identity's profile. `verifiedEmail`: the account's e-mail when its
 * provider verified it (or null); a profile address equal to it is proven at once
 * (users.mail_verified_at), any other address only by a link mailed to it. `signInMail`: the
 * address the player signs in with, verified or not (never a parent's).
 */
export async function register(
  db: Db,
  sub: string,
  input: Registration,
  verifiedEmail: string | null = null,
  signInMail: string | null = verifiedEmail,
): Promise<ProfileWithMarketingMail> {
  try {
    return await db.transaction(async (tx) => {
      if (await findUserBySub(tx, sub)) throw alreadyRegistered();
      if (await findUserByName(tx, input.username)) throw usernameTaken();
      const registered = await countLinkedUsers(tx);
      const mail = input.mail.toLowerCase();
      const user = await insertUser(tx, {
        identitySub: sub,
        userName: input.username,
        mail,
        mailVerifiedAt: verifiedEmail?.toLowerCase() === mail ? new Date() : null,
        birthday: input.birthday ?? null,
        // Under 16 by the birthday: friends-only at first (docs/privacy.md "Visibility").
        profileVisibility: defaultProfileVisibility(input.birthday),
        leaderboardVisible: defaultLeaderboardVisible(input.birthday),
        instagram: input.instagram ?? null,
        agbAcceptedAt: new Date(),
        agbVersion: AGB_VERSION,
        // Consent counts only once the link of the confirmation mail is followed.
        marketingConsent: false,
        earlyAdopter: registered < EARLY_ADOPTER_LIMIT,
      });
      const marketingMail = input.marketingConsent
        ? await requestMarketingConsent(tx, user, 'registration', {
            parentMail: input.parentMail,
            signInMail,
          })
        : undefined;
      return { user, marketingMail };
    });
  } catch (error) {
    // Two registrations racing for one name or one sign-in: the unique indexes decide.
    const constraint = uniqueViolation(error);
    if (constraint === 'users_identity_sub_unique') throw alreadyRegistered();
    if (constraint !== null) throw usernameTaken();
    throw error;
  }
}

/** A committed deletion: what is left to do outside the transaction. */
export interface ProfileDeletion {
  /** The sign-in the deleted profile was linked to (its tokens are to be forgotten); or null. */
  identitySub: string | null;
  /**
   * The handlers' work outside the database (files): the caller runs it. Every task runs; the
   * failures are thrown together afterwards (AggregateError), to be logged, not answered.
   */
  afterCommit(): Promise<void>;
  /** The tables the deletion wrote to, to vacuum. */
  vacuum: string[];
}

/**
 * Deletes the own profile and the player's personal data (eraseProfile): only one's own.
 */
export async function deleteProfile(
  db: Db,
  events: AppEventBus,
  sub: string,
  id: string,
): Promise<ProfileDeletion> {
  return eraseProfile(db, events, async (tx) => {
    const me = await currentUser(tx, sub);
    if (me.id !== id) throw forbidden('You can only delete your own profile');
    // Someone must be able to grant roles: as an admin demoted by another (admin/roles.ts).
    if (me.role === 'admin') {
      await lockRoleChanges(tx);
      if ((await countAdmins(tx)) <= 1)
        throw new AppError(
          409,
          'last_admin',
          'The last admin cannot delete the profile: make another admin first',
        );
    }
    // A running match's report may name only players that exist: one deleted mid-match would
    // have it refused for everyone who played (400 unknown_user). As leaving the device, the
    // deletion waits until the device reports or cancels the match, or gives it up (holdsMatch:
    // at the latest after the longest game, so no device keeps a player from erasing their data).
    const seat = await seats.deviceOfPlayer(tx, me.id);
    if (seat && holdsMatch(seat.device))
      throw new AppError(
        409,
        'already_in_match',
        `You are in a match on ${seat.device.arcadeId};${seat.device.id}: delete the profile once it is over`,
      );
    return me;
  });
}

/**
 * Deletes a profile and the player's personal data in one transaction: every feature forgets
 * what it holds of the player on 'user.deleted' (features/events.ts), then the profile row goes.
 * `find` names the profile (and refuses by throwing); `then` runs last in the same transaction
 * (the operator console's audit entry). A handler that fails rolls all of it back. The player's
 * own deletion and an admin's (features/admin/players.ts) are this one path.
 */
export async function eraseProfile(
  db: Db,
  events: AppEventBus,
  find: (tx: Tx) => Promise<UserRow>,
  then?: (tx: Tx, user: UserRow) => Promise<void>,
): Promise<ProfileDeletion> {
  const tables = new Set<string>(['users']);
  const tasks: Array<() => Promise<void>> = [];
  const user = await db.transaction(async (tx) => {
    const found = await find(tx);
    // Locked first: a game or friendship stored for the player meanwhile waits and then finds
    // no player, rather than meeting the handlers halfway (or deadlocking with them).
    await lockUser(tx, found.id);
    await events.emit('user.deleted', tx, {
      id: found.id,
      identitySub: found.identitySub,
      vacuumAfterCommit: (...names) => names.forEach((name) => tables.add(name)),
      afterCommit: (task) => tasks.push(task),
    });
    await deleteUser(tx, found.id);
    await then?.(tx, found);
    return found;
  });
  return {
    identitySub: user.identitySub,
    afterCommit: async () => {
      // The deletion has committed: every clean-up gets its turn though one fails (an image's
      // removal must not keep the reset mail's), and the player still gets their answer. What
      // fails is thrown together; the callers log it. Share images left behind go at the next
      // start (games/share/cache.ts sweep).
      const failed = (await Promise.allSettled(tasks.map((task) => task()))).filter(
        (outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected',
      );
      if (failed.length > 0)
        throw new AggregateError(
          failed.map((outcome) => outcome.reason as unknown),
          'clean-up after a profile deletion failed',
        );
    },
    vacuum: [...tables],
  };
}

/** The player accepts the current terms: version and time recorded (spec: a consent record). */
export async function acceptAgb(db: Db, sub: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const me = await currentUser(tx, sub);
    const [row] = await tx
      .update(users)
      .set({ agbVersion: AGB_VERSION, agbAcceptedAt: new Date() })
      .where(eq(users.id, me.id))
      .returning();
    return row!;
  });
}

/**
 * Changes the own settings. Ticking marketing mail does not consent: it asks for a confirmation
 * mail (the caller sends it once committed) — to the player, or under 16 to `parentMail` (not
 * `signInMail`, the player's sign-in address); unticking withdraws at once. Both are recorded.
 * `admit` runs once a valid request will mail (the caller's rate limit; throwing undoes all).
 */
export async function updateProfile(
  db: Db,
  sub: string,
  changes: ProfileUpdate,
  marketing: { signInMail?: string | null; admit?: () => Promise<void> } = {},
): Promise<ProfileWithMarketingMail> {
  return db.transaction(async (tx) => {
    const found = await currentUser(tx, sub);
    // Before the users row: the board rows a change of leaderboardVisible moves (no deadlock
    // with a game being stored, features/leaderboards/visibility.ts).
    if (changes.leaderboardVisible !== undefined) await lockBoardRows(tx, found.id);
    // Locked: two changes at once see each other's consent (one request, one withdrawal).
    await lockUser(tx, found.id);
    const me = (await findUserById(tx, found.id))!;
    const { marketingConsent, parentMail, ...rest } = changes;
    let marketingMail: ConfirmationLinks | undefined;
    if (marketingConsent === true)
      marketingMail = await requestMarketingConsent(tx, me, 'settings', {
        ...marketing,
        parentMail,
      });
    if (marketingConsent === false) await withdrawMarketingConsent(tx, me.id, 'settings');
    const [row] =
      Object.keys(rest).length > 0
        ? await tx.update(users).set(rest).where(eq(users.id, me.id)).returning()
        : await tx.select().from(users).where(eq(users.id, me.id));
    return {
      user: row!,
      marketingMail,
      visibilityChanged: row!.profileVisibility !== me.profileVisibility,
    };
  });
}
