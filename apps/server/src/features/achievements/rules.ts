import {
  ACHIEVEMENTS,
  SEASON_ACHIEVEMENT,
  achievementById,
  seasonAchievementId,
  seasonOf,
  type AchievementDefinition,
  type AchievementStatus,
} from '@arcadia/contracts';

/**
 * What the rules know of a player: folded game by game (foldGame), stored per player
 * (player_achievement_facts.facts). Pure data; a missing field counts as empty.
 */
export interface AchievementFacts {
  games: number;
  wins: number;
  /** Games won in a row up to the last game (0 after a lost one). */
  streak: number;
  bestStreak: number;
  /** Games won with no death. */
  flawless: number;
  /** Per application, the modes and the maps the player has played. */
  modes: Record<string, string[]>;
  maps: Record<string, string[]>;
  /** Games per calendar month (Europe/Berlin, YYYY-MM). */
  months: Record<string, number>;
}

/** One of the player's games, as the rules see it. */
export interface FactGame {
  applicationId: string;
  mode: string;
  mapId: string;
  playedAt: Date;
  won: boolean;
  deaths: number;
}

/** What the rules need besides the player's facts: the catalogue of the game's application. */
export interface InPlay {
  /** Per application: the modes and maps it offers now (not retired). */
  modes: Record<string, string[]>;
  maps: Record<string, string[]>;
}

/** The player's place on the arcade's monthly score board right after the game. */
export interface MonthlyPlace {
  /** Players above them (counted up to the rule's rank). */
  ahead: number;
  /** Players on the board, them included (counted up to the rule's minimum). */
  players: number;
}

export const emptyFacts = (): AchievementFacts => ({
  games: 0,
  wins: 0,
  streak: 0,
  bestStreak: 0,
  flawless: 0,
  modes: {},
  maps: {},
  months: {},
});

/** Stored facts (any shape an older version wrote) as complete facts. */
export function readFacts(stored: unknown): AchievementFacts {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Partial<AchievementFacts>;
  return { ...emptyFacts(), ...s };
}

const withItem = (sets: Record<string, string[]>, key: string, item: string) => {
  const list = sets[key] ?? [];
  return list.includes(item) ? sets : { ...sets, [key]: [...list, item].sort() };
};

/** The facts after one more game (games are folded in the order they were played). */
export function foldGame(facts: AchievementFacts, game: FactGame): AchievementFacts {
  const season = seasonOf(game.playedAt);
  const streak = game.won ? facts.streak + 1 : 0;
  return {
    games: facts.games + 1,
    wins: facts.wins + (game.won ? 1 : 0),
    streak,
    bestStreak: Math.max(facts.bestStreak, streak),
    flawless: facts.flawless + (game.won && game.deaths === 0 ? 1 : 0),
    modes: withItem(facts.modes, game.applicationId, game.mode),
    maps: withItem(facts.maps, game.applicationId, game.mapId),
    months: { ...facts.months, [season]: (facts.months[season] ?? 0) + 1 },
  };
}

/** How many of the offered items were played, in the application closest to all of them. */
function coverage(played: Record<string, string[]>, offered: Record<string, string[]>) {
  let best = { current: 0, target: 0 };
  for (const [app, items] of Object.entries(offered)) {
    if (items.length < 2) continue;
    const done = new Set(played[app] ?? []);
    const current = items.filter((i) => done.has(i)).length;
    if (best.target === 0 || current / items.length > best.current / best.target)
      best = { current, target: items.length };
  }
  return best;
}

/**
 * Progress of a rule (current of target), null when it has no count. `season`: the month a
 * season badge counts. monthlyTop has no count.
 */
export function progressOf(
  definition: AchievementDefinition,
  facts: AchievementFacts,
  inPlay: InPlay,
  season: string,
): { current: number; target: number } | null {
  const { rule } = definition;
  const capped = (current: number, target: number) => ({
    current: Math.min(current, target),
    target,
  });
  switch (rule.kind) {
    case 'games':
      return capped(facts.games, rule.target);
    case 'wins':
      return capped(facts.wins, rule.target);
    case 'winStreak':
      return capped(facts.bestStreak, rule.target);
    case 'flawless':
      return capped(facts.flawless, 1);
    case 'allModes': {
      const c = coverage(facts.modes, inPlay.modes);
      return c.target ? c : null;
    }
    case 'allMaps': {
      const c = coverage(facts.maps, inPlay.maps);
      return c.target ? c : null;
    }
    case 'monthlyTop':
      return null;
    case 'season':
      return capped(facts.months[season] ?? 0, rule.games);
  }
}

/**
 * Whether every offered item of the application was played: an application offering only one
 * (mode or map) does not count, its first game would earn it.
 */
const coversApp = (played: string[] | undefined, offered: string[] | undefined) =>
  !!offered && offered.length > 1 && offered.every((i) => (played ?? []).includes(i));

/**
 * The achievements the player earns with `game` (its facts already folded in: `facts`), beside
 * those unlocked before (`unlocked`): the catalogue's entries whose rule holds, and the season
 * badge of the game's month. `place`: the player's place on the arcade's monthly board after the
 * game (null: unknown, as in the backfill, which judges the boards separately).
 */
export function earnedWith(
  facts: AchievementFacts,
  game: FactGame,
  inPlay: InPlay,
  place: MonthlyPlace | null,
  unlocked: ReadonlySet<string>,
): string[] {
  const earned: string[] = [];
  for (const definition of ACHIEVEMENTS) {
    if (unlocked.has(definition.id)) continue;
    const { rule } = definition;
    let holds: boolean;
    switch (rule.kind) {
      case 'games':
        holds = facts.games >= rule.target;
        break;
      case 'wins':
        holds = facts.wins >= rule.target;
        break;
      case 'winStreak':
        holds = facts.bestStreak >= rule.target;
        break;
      case 'flawless':
        holds = facts.flawless > 0;
        break;
      case 'allModes':
        holds = coversApp(facts.modes[game.applicationId], inPlay.modes[game.applicationId]);
        break;
      case 'allMaps':
        holds = coversApp(facts.maps[game.applicationId], inPlay.maps[game.applicationId]);
        break;
      case 'monthlyTop':
        holds = !!place && place.ahead < rule.rank && place.players >= rule.minPlayers;
        break;
      case 'season':
        holds = false;
        break;
    }
    if (holds) earned.push(definition.id);
  }
  const season = seasonOf(game.playedAt);
  const seasonId = seasonAchievementId(season);
  if (!unlocked.has(seasonId) && (facts.months[season] ?? 0) >= SEASON_ACHIEVEMENT.rule.games)
    earned.push(seasonId);
  return earned;
}

/** The catalogue's monthlyTop achievement (its id, rank and minimum board), if it has one. */
export function monthlyTopRule(): { id: string; rank: number; minPlayers: number } | null {
  for (const a of ACHIEVEMENTS)
    if (a.rule.kind === 'monthlyTop')
      return { id: a.id, rank: a.rule.rank, minPlayers: a.rule.minPlayers };
  return null;
}

/**
 * A player's achievements as the profile shows them: the unlocked ones (newest first; unknown ids
 * of an older catalogue left out) and the locked catalogue entries with their progress, with the
 * current month's season badge.
 */
export function achievementStatus(
  facts: AchievementFacts,
  inPlay: InPlay,
  unlocked: ReadonlyArray<{ id: string; unlockedAt: Date }>,
  now = new Date(),
): { unlocked: AchievementStatus[]; locked: AchievementStatus[] } {
  const season = seasonOf(now);
  const have = new Set(unlocked.map((u) => u.id));
  const catalogue = [...ACHIEVEMENTS, achievementById(seasonAchievementId(season))!];
  return {
    unlocked: [...unlocked]
      .filter((u) => achievementById(u.id))
      .sort((a, b) => b.unlockedAt.getTime() - a.unlockedAt.getTime())
      .map((u) => ({ id: u.id, unlockedAt: u.unlockedAt.toISOString(), progress: null })),
    locked: catalogue
      .filter((d) => !have.has(d.id))
      .map((d) => ({ id: d.id, unlockedAt: null, progress: progressOf(d, facts, inPlay, season) })),
  };
}
