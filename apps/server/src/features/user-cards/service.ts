import { usernameSchema } from '@arcadia/contracts';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import {
  claimProfile,
  insertUnclaimedProfile,
  profileById,
  profileByName,
  profileBySub,
  profileForUpdate,
  type ProfileRow,
} from './repository';

export const cardTaken = () =>
  new AppError(
    409,
    'card_taken',
    'This user card is already linked to another account. Ask the arcade staff for help.',
  );
export const alreadyRegistered = () =>
  new AppError(
    409,
    'already_registered',
    'Your sign-in already has a profile; a second one cannot be linked to it.',
  );

function uniqueViolation(error: unknown): string | null {
  const e = error as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  if (e?.code === '23505') return e.constraint ?? '';
  if (e?.cause?.code === '23505') return e.cause.constraint ?? '';
  return null;
}

/**
 * Links the signed-in identity to the profile a scanned user card points at, if no identity
 * holds it yet. Everything is read and written in one transaction with the profile row locked;
 * the unique index on identity_sub settles a race between two profiles for one identity.
 */
export async function linkCard(
  db: Db,
  sub: string,
  userId: string,
  mail: string | null,
): Promise<ProfileRow> {
  try {
    return await db.transaction(async (tx) => {
      if (await profileBySub(tx, sub)) throw alreadyRegistered();
      const profile = await profileForUpdate(tx, userId);
      if (!profile) throw notFound('No player has this user card');
      if (profile.identitySub !== null) throw cardTaken();
      const linked = await claimProfile(tx, userId, sub, mail);
      if (!linked) throw cardTaken();
      return linked;
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw alreadyRegistered();
    throw error;
  }
}

export const nameTaken = (name: string) =>
  new AppError(409, 'conflict', `The user name ${name} is already taken`, [
    { path: 'name', message: 'is already taken' },
  ]);

/** An unclaimed profile for a printed card: user name rules of registration, unique ignoring case. */
export async function createUnclaimedProfile(db: Db, name: string): Promise<ProfileRow> {
  const parsed = usernameSchema.safeParse(name);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: 'name', message: issue.message }));
    throw badRequest(issues.map((i) => i.message).join('; '), issues);
  }
  const userName = parsed.data;
  try {
    return await db.transaction(async (tx) => {
      if (await profileByName(tx, userName)) throw nameTaken(userName);
      return insertUnclaimedProfile(tx, userName);
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw nameTaken(userName);
    throw error;
  }
}

export async function cardProfile(db: Db, id: string): Promise<ProfileRow> {
  const profile = await profileById(db, id);
  if (!profile) throw notFound('No such user');
  return profile;
}
