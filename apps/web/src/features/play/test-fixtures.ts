/** Test support: a signed-in player's store and the answers the play calls give. */
import type { OwnProfile, PlayingDevice } from '@arcadia/contracts';
import { makeStore } from '../../app/store';
import { loginSuccess, meApi } from '../auth';

export const me: OwnProfile = {
  id: '6f1c2b1e-4a7d-4d0e-9a53-0b1f7c3e2d10',
  userName: 'neo',
  name: 'neo',
  earlyAdopter: false,
  matchHistory: [],
  userStatistics: {
    gamesPlayed: 0,
    winrate: 0,
    overallKills: 0,
    overallDeaths: 0,
    kda: 0,
    gamesWon: 0,
    gamesLost: 0,
  },
  mail: 'neo@example.org',
  birthday: null,
  instagram: null,
  marketingConsent: false,
  language: 'de',
};

export const arena: PlayingDevice = {
  id: 'arena-1',
  arcade: 'berlin',
  name: 'Arena 1',
  arcadeName: 'Arcadia Berlin',
  applicationId: 'commando',
  joinedAt: '2026-01-01T10:00:00.000Z',
};

/** A store whose player is signed in; `registered` also puts the own profile in place. */
export async function signedInStore({ registered = true } = {}) {
  const store = makeStore();
  store.dispatch(loginSuccess({ account: { sub: 'sub-neo' } }));
  if (registered) await store.dispatch(meApi.util.upsertQueryData('getMe', undefined, me));
  return store;
}
