/** Test support: a registered player's own profile. */
import type { OwnProfile } from '@arcadia/contracts';

export const me: OwnProfile = {
  id: '6f1c2b1e-4a7d-4d0e-9a53-0b1f7c3e2d10',
  userName: 'neo',
  name: 'neo',
  earlyAdopter: true,
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
