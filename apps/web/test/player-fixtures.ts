/** Test data for the player pages: players, games and profiles in the contract shapes. */
import type { Game, OwnProfile, Profile } from '@arcadia/contracts';
import type { RootState } from '../src/app/store';

export const ME = '11111111-1111-4111-8111-111111111111';
export const NOVA = '22222222-2222-4222-8222-222222222222';
export const BLAZE = '33333333-3333-4333-8333-333333333333';
export const PIXEL = '44444444-4444-4444-8444-444444444444';

/** A local time, as ISO: hours in tests are the player's local hours. */
export const at = (y: number, mo: number, d: number, h: number, mi = 0) =>
  new Date(y, mo - 1, d, h, mi).toISOString();

export function game(overrides: Partial<Game> = {}): Game {
  return {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    type: 'elimination',
    map: { id: 'neon-docks', name: 'Neon Docks', iconPath: '/assets/maps/neon-docks.svg' },
    userHasWon: true,
    score: 1200,
    kills: 9,
    deaths: 3,
    playedAt: at(2025, 3, 14, 18, 30),
    durationSeconds: 600,
    arcade: 'berlin',
    players: [
      { id: ME, name: 'Me', kills: 9, deaths: 3, score: 1200, teamId: 1 },
      { id: NOVA, name: 'NeonNova', kills: 4, deaths: 6, score: 700, teamId: 2 },
      { id: BLAZE, name: 'Blaze', kills: 7, deaths: 2, score: 1500, teamId: 1 },
      { id: null, name: 'Gast Pia', kills: 1, deaths: 8, score: 100, teamId: 2 },
    ],
    teamNames: [
      { id: 1, name: 'Red Vipers', score: 2700 },
      { id: 2, name: 'Blue Sharks', score: 800 },
    ],
    ...overrides,
  };
}

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: NOVA,
    userName: 'NeonNova',
    name: 'NeonNova',
    earlyAdopter: false,
    matchHistory: [],
    userStatistics: {
      gamesPlayed: 8,
      winrate: 62.5,
      overallKills: 57,
      overallDeaths: 38,
      kda: 1.5,
      gamesWon: 5,
      gamesLost: 3,
    },
    ...overrides,
  };
}

export function ownProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    ...profile({ id: ME, userName: 'Me', name: 'Me' }),
    mail: 'me@example.com',
    birthday: null,
    instagram: null,
    marketingConsent: false,
    language: 'de',
    ...overrides,
  };
}

/** The store as it is once a registered player is signed in. */
export function signedIn(own: OwnProfile = ownProfile()): Partial<RootState> {
  return {
    auth: {
      status: 'signedIn',
      account: { sub: 'sub-me', email: own.mail, nickname: own.userName },
      profile: own,
      profileStatus: 'registered',
      loading: false,
      error: null,
    },
  };
}
