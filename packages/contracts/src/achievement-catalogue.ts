import { MONTH_NAMES } from './months';

/**
 * The achievement catalogue (docs/achievements.md): data, not code, and no zod (pages show it
 * without loading the schemas: `@arcadia/contracts/achievement-catalogue`). Each entry names a rule kind
 * and its parameters; the server evaluates the kinds (apps/server/src/features/achievements/rules.ts)
 * at ingest, and the backfill command (`npm run admin -- achievements-backfill`) awards a new entry
 * for past games. The web shows names, descriptions and icons from here, in German and English.
 *
 * Adding an achievement: append an entry with a new, never reused id (an unlocked achievement is
 * stored by id), then run the backfill. Rule kinds:
 * - games      at least `target` stored games (any application, voided games do not count)
 * - wins       at least `target` won games
 * - winStreak  `target` games won in a row (by the time played, any application)
 * - flawless   a game won with no death
 * - allModes   every mode an application offers now played at least once (it offers two or more)
 * - allMaps    every map an application offers now played at least once (it offers two or more)
 * - monthlyTop in the top `rank` of an arcade's monthly score board (the leaderboard's month, UTC)
 *              right after one of the player's games, the board counting at least `minPlayers`
 * - season     `games` games in one calendar month (Europe/Berlin): one badge per month, its id
 *              `season-YYYY-MM` (seasonAchievementId)
 */
export type AchievementRule =
  | { kind: 'games'; target: number }
  | { kind: 'wins'; target: number }
  | { kind: 'winStreak'; target: number }
  | { kind: 'flawless' }
  | { kind: 'allModes' }
  | { kind: 'allMaps' }
  | { kind: 'monthlyTop'; rank: number; minPlayers: number }
  | { kind: 'season'; games: number };

type Texts = { de: string; en: string };

/** The icons an achievement may have (apps/web maps each to its lucide icon). */
export const ACHIEVEMENT_ICONS = [
  'gamepad-2',
  'medal',
  'award',
  'crown',
  'trophy',
  'flame',
  'shield-check',
  'compass',
  'map',
  'star',
  'calendar-check',
] as const;
export type AchievementIcon = (typeof ACHIEVEMENT_ICONS)[number];

export interface AchievementDefinition {
  /** Stable id, stored with every unlock: never renamed or reused. */
  id: string;
  rule: AchievementRule;
  /** The icon's name (a lucide icon the web maps it to), decorative: the name says it. */
  icon: AchievementIcon;
  name: Texts;
  description: Texts;
}

/** The time zone a season (calendar month) is counted in. */
export const ACHIEVEMENT_TIME_ZONE = 'Europe/Berlin';

/** The season badge: one per calendar month (id season-YYYY-MM), named after the month. */
export const SEASON_ACHIEVEMENT = {
  idPrefix: 'season-',
  rule: { kind: 'season', games: 10 } as const,
  icon: 'calendar-check' as AchievementIcon,
};

export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  {
    id: 'first-game',
    rule: { kind: 'games', target: 1 },
    icon: 'gamepad-2',
    name: { de: 'Erstes Spiel', en: 'First game' },
    description: { de: 'Bestreite dein erstes Spiel.', en: 'Play your first game.' },
  },
  {
    id: 'games-10',
    rule: { kind: 'games', target: 10 },
    icon: 'medal',
    name: { de: 'Stammgast', en: 'Regular' },
    description: { de: 'Bestreite 10 Spiele.', en: 'Play 10 games.' },
  },
  {
    id: 'games-100',
    rule: { kind: 'games', target: 100 },
    icon: 'award',
    name: { de: 'Veteran', en: 'Veteran' },
    description: { de: 'Bestreite 100 Spiele.', en: 'Play 100 games.' },
  },
  {
    id: 'games-1000',
    rule: { kind: 'games', target: 1000 },
    icon: 'crown',
    name: { de: 'Legende', en: 'Legend' },
    description: { de: 'Bestreite 1000 Spiele.', en: 'Play 1000 games.' },
  },
  {
    id: 'first-win',
    rule: { kind: 'wins', target: 1 },
    icon: 'trophy',
    name: { de: 'Erster Sieg', en: 'First win' },
    description: { de: 'Gewinne ein Spiel.', en: 'Win a game.' },
  },
  {
    id: 'win-streak-5',
    rule: { kind: 'winStreak', target: 5 },
    icon: 'flame',
    name: { de: 'Siegesserie', en: 'Winning streak' },
    description: {
      de: 'Gewinne 5 Spiele hintereinander.',
      en: 'Win 5 games in a row.',
    },
  },
  {
    id: 'flawless',
    rule: { kind: 'flawless' },
    icon: 'shield-check',
    name: { de: 'Makellos', en: 'Flawless' },
    description: {
      de: 'Gewinne ein Spiel, ohne ein einziges Mal getroffen zu werden (0 Deaths).',
      en: 'Win a game without dying once (0 deaths).',
    },
  },
  {
    id: 'all-modes',
    rule: { kind: 'allModes' },
    icon: 'compass',
    name: { de: 'Allrounder', en: 'All-rounder' },
    description: {
      de: 'Spiele jeden Modus eines Spiels mindestens einmal.',
      en: 'Play every mode of a game at least once.',
    },
  },
  {
    id: 'all-maps',
    rule: { kind: 'allMaps' },
    icon: 'map',
    name: { de: 'Weltenbummler', en: 'Globetrotter' },
    description: {
      de: 'Spiele jede Karte eines Spiels mindestens einmal.',
      en: 'Play every map of a game at least once.',
    },
  },
  {
    id: 'monthly-top-10',
    rule: { kind: 'monthlyTop', rank: 10, minPlayers: 20 },
    icon: 'star',
    name: { de: 'Top 10 des Monats', en: 'Top 10 of the month' },
    description: {
      de: 'Stehe nach einem Spiel unter den besten 10 der Monats-Rangliste einer Arcade (mit mindestens 20 Spielern).',
      en: 'Be in the top 10 of an arcade’s monthly board after a game (a board of at least 20 players).',
    },
  },
];

const MONTHS = MONTH_NAMES;

const SEASON_ID = /^season-(\d{4})-(0[1-9]|1[0-2])$/;

/** Made once, on first use: a new Intl.DateTimeFormat costs far more than formatting with one. */
let seasonFormat: Intl.DateTimeFormat | undefined;

/** The calendar month (Europe/Berlin) of a moment, YYYY-MM. */
export function seasonOf(at: Date): string {
  seasonFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: ACHIEVEMENT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  });
  const parts = seasonFormat.formatToParts(at);
  const year = parts.find((p) => p.type === 'year')!.value;
  const month = parts.find((p) => p.type === 'month')!.value;
  return `${year}-${month}`;
}

export const seasonAchievementId = (season: string) => `${SEASON_ACHIEVEMENT.idPrefix}${season}`;

/** An achievement by id: a catalogue entry, or a month's season badge; undefined if unknown. */
export function achievementById(id: string): AchievementDefinition | undefined {
  const listed = ACHIEVEMENTS.find((a) => a.id === id);
  if (listed) return listed;
  const season = SEASON_ID.exec(id);
  if (!season) return undefined;
  const [, year, month] = season;
  const m = Number(month) - 1;
  const games = SEASON_ACHIEVEMENT.rule.games;
  return {
    id,
    rule: SEASON_ACHIEVEMENT.rule,
    icon: SEASON_ACHIEVEMENT.icon,
    name: { de: `Saison ${MONTHS.de[m]} ${year}`, en: `Season ${MONTHS.en[m]} ${year}` },
    description: {
      de: `Bestreite im ${MONTHS.de[m]} ${year} mindestens ${games} Spiele.`,
      en: `Play at least ${games} games in ${MONTHS.en[m]} ${year}.`,
    },
  };
}
