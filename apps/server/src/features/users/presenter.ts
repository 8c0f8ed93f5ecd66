import type { OwnProfile, Profile, UserSummary } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { matchHistory, statisticsSummary } from '../games/history';
import type { UserRow } from './repository';

export async function toProfile(db: Queryable, user: UserRow): Promise<Profile> {
  const [history, statistics] = await Promise.all([
    matchHistory(db, user.id),
    statisticsSummary(db, user.id),
  ]);
  return {
    id: user.id,
    userName: user.userName,
    name: user.userName,
    earlyAdopter: user.earlyAdopter,
    matchHistory: history,
    userStatistics: statistics,
  };
}

export async function toOwnProfile(db: Queryable, user: UserRow): Promise<OwnProfile> {
  return {
    ...(await toProfile(db, user)),
    mail: user.mail ?? '',
    birthday: user.birthday,
    instagram: user.instagram,
    marketingConsent: user.marketingConsent,
    language: user.language,
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
