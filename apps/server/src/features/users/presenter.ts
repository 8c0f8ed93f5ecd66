import {
  MATCH_HISTORY_PAGE_SIZE,
  type OwnProfile,
  type Profile,
  type UserSummary,
} from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { notFound } from '../../plugins/errors';
import { verifiedAccountEmail } from '../identity';
import { marketingAwaitsParent, marketingPending } from '../marketing';
import { historyAndStatistics, historyJson, summarize, totalsJson, type Totals } from '../games';
import type { UserRow } from './repository';

async function toProfile(db: Queryable, user: UserRow): Promise<Profile> {
  return {
    id: user.id,
    userName: user.userName,
    name: user.userName,
    earlyAdopter: user.earlyAdopter,
    ...(await historyAndStatistics(db, user.id)),
  };
}

// The most requested read of all (every profile a player opens): the user, the first page of
// games and the totals in one prepared statement, one round trip. The games come as JSON text
// built by PostgreSQL and go into the answer as they are: parsing, checking and re-serializing
// 20 games of 8 players cost more than everything else the request does.
const profileById = preparedStatement<{
  id: string;
  user_name: string;
  early_adopter: boolean;
  history: string;
  totals: Totals;
}>(
  `select u.id, u.user_name, u.early_adopter, ${historyJson('$1', '$2', '0')}::text as history,
     ${totalsJson('$1')} as totals
   from users u where u.id = $1`,
);

/**
 * Any player's profile by id (GET /api/user/{id}/details) as the JSON text of the Profile
 * contract (tests hold it to profileSchema); 404 for no such user.
 */
export async function publicProfileJson(db: Queryable, id: string): Promise<string> {
  const [row] = await profileById(db, [id, MATCH_HISTORY_PAGE_SIZE]);
  if (!row) throw notFound('No such user');
  const profile: Omit<Profile, 'matchHistory'> = {
    id: row.id,
    userName: row.user_name,
    name: row.user_name,
    earlyAdopter: row.early_adopter,
    userStatistics: summarize(row.totals),
  };
  return `${JSON.stringify(profile).slice(0, -1)},"matchHistory":${row.history}}`;
}

/**
 * The profile's address is proven (docs/privacy.md): a link mailed to it was followed
 * (mail_verified_at), or it is the verified e-mail of the player's embedded-provider account.
 */
async function mailVerified(db: Queryable, user: UserRow): Promise<boolean> {
  if (user.mailVerifiedAt) return true;
  if (!user.mail || !user.identitySub) return false;
  const verified = await verifiedAccountEmail(db, user.identitySub);
  return verified?.toLowerCase() === user.mail.toLowerCase();
}

export async function toOwnProfile(db: Queryable, user: UserRow): Promise<OwnProfile> {
  return {
    ...(await toProfile(db, user)),
    mail: user.mail ?? '',
    birthday: user.birthday,
    instagram: user.instagram,
    marketingConsent: user.marketingConsent,
    marketingPending: user.marketingConsent ? false : await marketingPending(db, user.id),
    marketingAwaitsParent: user.marketingConsent ? null : await marketingAwaitsParent(db, user.id),
    mailVerified: await mailVerified(db, user),
    language: user.language,
    agbVersion: user.agbVersion,
    role: user.role,
  };
}

export function toSummary(user: UserRow): UserSummary {
  return {
    id: user.id,
    userName: user.userName,
    name: user.userName,
    earlyAdopter: user.earlyAdopter,
    claimed: user.identitySub !== null,
  };
}
