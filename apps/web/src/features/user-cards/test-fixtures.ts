/** Test support: a signed-in player's store, and the answers the user-card calls give. */
import type { OwnProfile, UserSummary, Visit } from '@arcadia/contracts';
import { makeStore } from '../../app/store';
import { loginSuccess, meApi } from '../auth';

const statistics = {
  gamesPlayed: 0,
  winrate: 0,
  overallKills: 0,
  overallDeaths: 0,
  kda: 0,
  gamesWon: 0,
  gamesLost: 0,
};

export const me: OwnProfile = {
  id: '6f1c2b1e-4a7d-4d0e-9a53-0b1f7c3e2d10',
  userName: 'neo',
  name: 'neo',
  earlyAdopter: false,
  matchHistory: [],
  userStatistics: statistics,
  mail: 'neo@example.org',
  birthday: null,
  instagram: null,
  marketingConsent: false,
  language: 'de',
};

/** The profile an arcade printed a card for. */
export const cardOwner: UserSummary = {
  id: '0b6a4c9e-2f7d-4e1a-8c3b-5d9e1f2a3b4c',
  userName: 'trinity',
  name: 'trinity',
  earlyAdopter: true,
  claimed: false,
};
/** The claim secret printed on trinity's card. */
export const cardSecret = 'q0Z-r_9xY2k8Lp3mN7vB1cD5fG6hJ4sA0eW2tU8iO9y';
/** What the QR code of trinity's printed card holds. */
export const cardUrl = `https://arcadia.example/u/${cardOwner.id}?k=${cardSecret}`;
/** A card printed before cards had a claim secret: it can still meet, but not link. */
export const oldCardUrl = `https://arcadia.example/u/${cardOwner.id}`;

export const linkedProfile: OwnProfile = {
  ...me,
  id: cardOwner.id,
  userName: cardOwner.userName,
  name: cardOwner.name,
  earlyAdopter: true,
};

export const visit = (overrides: Partial<Visit> = {}): Visit => ({
  userId: cardOwner.id,
  userName: cardOwner.userName,
  visitedAt: '2026-03-01T18:30:00.000Z',
  arcade: null,
  friend: false,
  ...overrides,
});

/** A store whose player is signed in; `registered` also puts the own profile in place. */
export async function signedInStore({ registered = true } = {}) {
  const store = makeStore();
  store.dispatch(loginSuccess({ account: { sub: 'sub-neo' } }));
  if (registered) await store.dispatch(meApi.util.upsertQueryData('getMe', undefined, me));
  return store;
}
