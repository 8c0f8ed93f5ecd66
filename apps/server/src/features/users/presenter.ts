import {
  MATCH_HISTORY_PAGE_SIZE,
  type OwnProfile,
  type Profile,
  type ProfileVisibility,
  type UserSummary,
} from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { notFound } from '../../plugins/errors';
import { verifiedAccountEmail } from '../identity';
import { marketingAwaitsParent, marketingPending } from '../marketing';
import { historyAndStatistics, historyJson, summarize, totalsJson, type Totals } from '../games';
import type { UserRow } from './repository';
import { profileHidden, shownToSql } from './visibility';

async function toProfile(db: Queryable, user: UserRow): Promise<Profile> {
  return {
    id: user.id,
    userName: user.userName,
    name: user.userName,
    earlyAdopter: user.earlyAdopter,
    ...(await historyAndStatistics(db, user.id, user.id)),
  };
}

// The most requested read of all (every profile a player opens): the user, the first page of
// games and the totals in one prepared statement, one round trip. The games come as JSON text
// built by PostgreSQL and go into the answer as they are: parsing, checking and re-serializing
// 20 games of 8 players cost more than everything else the request does.
// The viewer ($2, the token's sub) decides whether the profile is shown (visibility.ts); a hidden
// profile's games and totals are not read at all. Players hidden from the viewer are 'Spieler'
// in the games. The page size is written into the text, not bound (games/history.ts says why).
const profileById = preparedStatement<{
  id: string;
  user_name: string;
  early_adopter: boolean;
  profile_visibility: ProfileVisibility;
  shown: boolean;
  history: string | null;
  totals: Totals | null;
}>(
  `select u.id, u.user_name, u.early_adopter, u.profile_visibility, x.shown,
     case when x.shown then ${historyJson('$1', String(MATCH_HISTORY_PAGE_SIZE), '0', 'v.id')}::text end as history,
     case when x.shown then ${totalsJson('$1')} end as totals
   from users u
   left join users v on v.identity_sub = $2
   cross join lateral (select ${shownToSql('u.id', 'u.profile_visibility', 'v.id')} as shown) x
   where u.id = $1`,
);

/**
 * Any player's profile by id (GET /api/user/{id}/details) as the JSON text of the Profile
 * contract (tests hold it to profileSchema), as the viewer (`viewerSub`, the token's subject)
 * may see it: 404 for no such user, 403 (PROFILE_PRIVATE / PROFILE_FRIENDS_ONLY) when hidden.
 */
export async function publicProfileJson(
  db: Queryable,
  id: string,
  viewerSub: string | null,
): Promise<string> {
  const [row] = await profileById(db, [id, viewerSub]);
  if (!row) throw notFound('No such user');
  if (!row.shown || row.history === null || row.totals === null)
    throw profileHidden(row.profile_visibility);
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
    profileVisibility: user.profileVisibility,
    leaderboardVisible: user.leaderboardVisible,
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
