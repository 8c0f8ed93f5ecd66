import { usernameSchema } from '@arcadia/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { markBatchCardClaimed } from './batches';
import { cardSecretMatches, newCardSecret } from './card-secret';
import {
  claimProfile,
  insertUnclaimedProfile,
  profileById,
  profileByName,
  profileBySub,
  profileForUpdate,
  replaceCardSecret,
  unclaimedProfiles,
  type ProfileRow,
} from './repository';

/**
 * The one answer for a card that cannot claim a profile: an unknown id, and a wrong, missing or
 * spent claim secret alike (a claimed profile's secret is spent), so that the answer tells
 * nothing about a profile to someone who only read its id.
 */
const unknownCard = () => notFound('No player has this user card');
const alreadyRegistered = () =>
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

/** What a scanned card gives the link request: the profile id and the card's claim secret. */
export interface ScannedCard {
  userId: string;
  secret?: string | undefined;
}

/**
 * Links the signed-in identity to the profile a scanned user card points at, if the card's
 * claim secret is the current one of that unclaimed profile; the secret is spent with it.
 * Everything is read and written in one transaction with the profile row locked; the unique
 * index on identity_sub settles a race between two profiles for one identity.
 */
export async function linkCard(
  db: Db,
  sub: string,
  card: ScannedCard,
  mail: string | null,
): Promise<ProfileRow> {
  try {
    return await db.transaction(async (tx) => {
      if (await profileBySub(tx, sub)) throw alreadyRegistered();
      const profile = await profileForUpdate(tx, card.userId);
      const hash = profile?.cardSecretHash;
      if (!profile || !hash || !card.secret || !cardSecretMatches(card.secret, hash))
        throw unknownCard();
      const linked = await claimProfile(tx, profile.id, hash, sub, mail);
      if (!linked) throw unknownCard();
      await markBatchCardClaimed(tx, linked.id);
      return linked;
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw alreadyRegistered();
    throw error;
  }
}

const nameTaken = (name: string) =>
  new AppError(409, 'conflict', `The user name ${name} is already taken`, [
    { path: 'name', message: 'is already taken' },
  ]);

/** A profile with the claim secret of its new card (shown once: only its hash is stored). */
export interface PrintableCard {
  profile: ProfileRow;
  /** null for a claimed profile: its card can only be used to meet the player (/visit). */
  secret: string | null;
}

/**
 * An unclaimed profile for a printed card, with the card's claim secret: user name rules of
 * registration, unique ignoring case.
 */
/** Runs in the transaction that made or renewed a card (the admin CLI's audit entry). */
export type CardWritten = (tx: Tx, profile: ProfileRow) => Promise<void>;

export async function createUnclaimedProfile(
  db: Db,
  name: string,
  onCreated?: CardWritten,
): Promise<PrintableCard> {
  const parsed = usernameSchema.safeParse(name);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: 'name', message: issue.message }));
    throw badRequest(issues.map((i) => i.message).join('; '), issues);
  }
  const userName = parsed.data;
  const { secret, hash } = newCardSecret();
  try {
    const profile = await db.transaction(async (tx) => {
      if (await profileByName(tx, userName)) throw nameTaken(userName);
      const made = await insertUnclaimedProfile(tx, userName, hash);
      await onCreated?.(tx, made);
      return made;
    });
    return { profile, secret };
  } catch (error) {
    if (uniqueViolation(error) !== null) throw nameTaken(userName);
    throw error;
  }
}

/**
 * The card of an existing profile, printed again: an unclaimed profile gets a new claim secret
 * and the secret of every card printed before stops working; a claimed profile's card carries
 * no secret (it can only be used to meet the player).
 */
export async function reprintCard(
  db: Db,
  id: string,
  onRenewed?: CardWritten,
): Promise<PrintableCard> {
  const { secret, hash } = newCardSecret();
  const renewed = await db.transaction(async (tx) => {
    const row = await replaceCardSecret(tx, id, hash);
    if (row) await onRenewed?.(tx, row);
    return row;
  });
  if (renewed) return { profile: renewed, secret };
  const profile = await profileById(db, id);
  if (!profile) throw notFound('No such user');
  return { profile, secret: null };
}

/** The unclaimed profiles, and whether a card printed for them can claim them (card list). */
export function listUnclaimedProfiles(db: Db) {
  return unclaimedProfiles(db);
}
