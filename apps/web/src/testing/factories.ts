/**
 * Test data in the contract shapes: each factory answers a valid value of its contract type,
 * with overrides. Ids are fixed UUIDs, so tests can name the players.
 */
import {
  AGB_VERSION,
  emptyStatistics,
  type Friend,
  type Game,
  type Match,
  type GameMode,
  type GamesOverview,
  type GameType,
  type Leaderboard,
  type LocalizedText,
  type LeaderboardEntry,
  type NewsEntry,
  type OwnProfile,
  type PlayingDevice,
  type Profile,
  type StatisticsSummary,
  type UserSummary,
  type Visit,
} from '@arcadia/contracts';
import { venueOffsetHours } from '../lib/i18n/venue-time';

export const ME = '11111111-1111-4111-8111-111111111111';
export const NOVA = '22222222-2222-4222-8222-222222222222';
export const BLAZE = '33333333-3333-4333-8333-333333333333';
export const PIXEL = '44444444-4444-4444-8444-444444444444';
/** neo: the player of the auth, play and user-card tests. */
export const NEO = '6f1c2b1e-4a7d-4d0e-9a53-0b1f7c3e2d10';
/** trinity: the owner of a printed user card. */
const TRINITY = '0b6a4c9e-2f7d-4e1a-8c3b-5d9e1f2a3b4c';

/** A local time, as ISO: hours in tests are the player's local hours. */
export const at = (y: number, mo: number, d: number, h: number, mi = 0) =>
  new Date(y, mo - 1, d, h, mi).toISOString();

/** The instant that reads y-mo-d h:mi on the arcades' clock (Europe/Berlin): a game's time. */
export function atVenue(y: number, mo: number, d: number, h: number, mi = 0): string {
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  return new Date(wall - venueOffsetHours(new Date(wall - 3_600_000)) * 3_600_000).toISOString();
}

/** A statistics summary: the contract's empty one unless told. */
export function statistics(overrides: Partial<StatisticsSummary> = {}): StatisticsSummary {
  return { ...emptyStatistics, ...overrides };
}

/** The built-in catalogue's mode names (migration 0022): the overview and the game cards. */
export const MODE_NAMES: Record<GameType, LocalizedText> = {
  freeforall: { de: 'Jeder gegen jeden', en: 'Free for all' },
  elimination: { de: 'Eliminierung', en: 'Elimination' },
  deathmatch: { de: 'Team-Deathmatch', en: 'Team deathmatch' },
};

export function game(overrides: Partial<Game> = {}): Game {
  const type = overrides.type ?? 'elimination';
  return {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    type,
    modeName: MODE_NAMES[type],
    map: { id: 'neon-docks', name: 'Neon Docks', iconPath: '/assets/maps/neon-docks.svg' },
    userHasWon: true,
    score: 1200,
    kills: 9,
    deaths: 3,
    playedAt: atVenue(2025, 3, 14, 18, 30),
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

/** NeonNova's public profile unless told. */
export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: NOVA,
    userName: 'NeonNova',
    name: 'NeonNova',
    earlyAdopter: false,
    matchHistory: [],
    userStatistics: statistics({
      gamesPlayed: 8,
      winrate: 62.5,
      overallKills: 57,
      overallDeaths: 38,
      kda: 1.5,
      gamesWon: 5,
      gamesLost: 3,
    }),
    ...overrides,
  };
}

/** The signed-in player's own profile ('Me') unless told. */
export function ownProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    ...profile({ id: ME, userName: 'Me', name: 'Me' }),
    mail: 'me@example.com',
    birthday: null,
    instagram: null,
    marketingConsent: false,
    marketingPending: false,
    marketingAwaitsParent: null,
    mailVerified: true,
    language: 'de',
    agbVersion: AGB_VERSION,
    profileVisibility: 'everyone',
    leaderboardVisible: true,
    ...overrides,
  };
}

/** neo's own profile: no games played yet. */
export function neo(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return ownProfile({
    id: NEO,
    userName: 'neo',
    name: 'neo',
    userStatistics: statistics(),
    mail: 'neo@example.org',
    ...overrides,
  });
}

export function friend(userId: string, userName: string): Friend {
  return { userId, userName };
}

/** trinity's card profile, not claimed yet, unless told. */
export function userSummary(overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    id: TRINITY,
    userName: 'trinity',
    name: 'trinity',
    earlyAdopter: true,
    claimed: false,
    ...overrides,
  };
}

/** The claim secret printed on trinity's card. */
export const CARD_SECRET = 'q0Z-r_9xY2k8Lp3mN7vB1cD5fG6hJ4sA0eW2tU8iO9y';
/** What the QR code of trinity's printed card holds. */
export const CARD_URL = `https://arcadia.example/u/${TRINITY}?k=${CARD_SECRET}`;
/** A card printed before cards had a claim secret: it can still meet, but not link. */
export const OLD_CARD_URL = `https://arcadia.example/u/${TRINITY}`;

/** A meeting with trinity unless told. */
export function visit(overrides: Partial<Visit> = {}): Visit {
  return {
    userId: TRINITY,
    userName: 'trinity',
    visitedAt: '2026-03-01T18:30:00.000Z',
    arcade: null,
    friend: false,
    ...overrides,
  };
}

/** Arena 1 in Arcadia Berlin unless told. */
export function playingDevice(overrides: Partial<PlayingDevice> = {}): PlayingDevice {
  return {
    id: 'arena-1',
    arcade: 'berlin',
    name: 'Arena 1',
    arcadeName: 'Arcadia Berlin',
    applicationId: 'commando',
    joinedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A news item with one paragraph ('Hallo'). */
export function newsEntry(
  slug: string,
  title = slug,
  overrides: Partial<NewsEntry> = {},
): NewsEntry {
  return {
    sys: {
      id: '0b0f6a44-8f5e-4f52-9b8a-3c2f1e0d4a11',
      createdAt: '2026-11-20T10:00:00.000Z',
      locale: 'de',
    },
    fields: {
      slug,
      title,
      abstract: `Über ${title}`,
      content: {
        nodeType: 'document',
        data: {},
        content: [
          {
            nodeType: 'paragraph',
            data: {},
            content: [{ nodeType: 'text', value: 'Hallo', marks: [], data: {} }],
          },
        ],
      },
    },
    ...overrides,
  };
}

export function leaderboardEntry(
  rank: number,
  userId: string,
  userName: string,
  value: number,
): LeaderboardEntry {
  return { rank, userId, userName, value, gamesPlayed: 10 + rank };
}

/** The first page of the all-time global score board of commando, without entries, unless told. */
export function leaderboard(overrides: Partial<Leaderboard> = {}): Leaderboard {
  return {
    applicationId: 'commando',
    metric: 'score',
    period: 'all',
    scope: 'global',
    arcade: null,
    periodStart: null,
    entries: [],
    me: null,
    page: 1,
    pageSize: 20,
    total: 0,
    totalPages: 0,
    ...overrides,
  };
}

function gameMode(type: GameType, teams: boolean): GameMode {
  const { de, en } = MODE_NAMES[type];
  return {
    type,
    name: { de, en },
    description: { de: `${de}: Beschreibung`, en: `${en}: description` },
    teams,
  };
}

/** Commando with its three modes and two maps; `best` as told (null: nobody signed in). */
export function gamesOverview(best: GamesOverview['best'] = null): GamesOverview {
  return {
    applicationId: 'commando',
    name: 'Commando',
    description: { de: 'Laser-Tag in der Arena.', en: 'Laser tag in the arena.' },
    modes: [
      gameMode('freeforall', false),
      gameMode('elimination', true),
      gameMode('deathmatch', true),
    ],
    maps: [
      { id: 'neon-docks', name: 'Neon Docks', iconPath: '/assets/maps/neon-docks.svg' },
      { id: 'grid', name: 'Grid Runner', iconPath: '/assets/maps/grid-runner.svg' },
    ],
    best,
  };
}

/** A game as its public page shows it (GET /api/matches/{id}): a team game with a guest and a deleted player. */
export function match(overrides: Partial<Match> = {}): Match {
  return {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    type: 'elimination',
    modeName: MODE_NAMES.elimination,
    application: { id: 'commando', name: 'Commando' },
    arcade: { id: 'berlin', name: 'Arcadia Berlin' },
    device: { id: 'arena-1', name: 'Arena 1' },
    map: { id: 'neon-docks', name: 'Neon Docks', iconPath: '/assets/maps/neon-docks.svg' },
    playedAt: atVenue(2025, 3, 14, 18, 30),
    durationSeconds: 425,
    teams: [
      { id: 1, name: 'Red Vipers', score: 3, won: true },
      { id: 2, name: 'Blue Sharks', score: 1, won: false },
    ],
    players: [
      {
        id: BLAZE,
        name: 'Blaze',
        kind: 'player',
        teamId: 1,
        kills: 7,
        deaths: 2,
        score: 1500,
        won: true,
      },
      {
        id: ME,
        name: 'Me',
        kind: 'player',
        teamId: 1,
        kills: 9,
        deaths: 3,
        score: 1200,
        won: true,
      },
      {
        id: null,
        name: 'Deleted player',
        kind: 'deleted',
        teamId: 2,
        kills: 4,
        deaths: 6,
        score: 700,
        won: false,
      },
      {
        id: null,
        name: 'Gast Pia',
        kind: 'guest',
        teamId: 2,
        kills: 1,
        deaths: 8,
        score: 100,
        won: false,
      },
    ],
    ...overrides,
  };
}
