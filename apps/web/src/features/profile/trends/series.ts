import type { GameType, Trends, TrendWeek } from '@arcadia/contracts';

/** A chart's data: x values (seconds since 1970, as uPlot takes them) and one line per player. */
export interface ChartData {
  xs: number[];
  lines: Array<{ label: string; values: Array<number | null> }>;
}

export interface Player {
  name: string;
  trends: Trends;
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** Points of each player on one shared, sorted x axis; a player without a point there has null. */
function align<P>(
  players: ReadonlyArray<{ name: string; points: readonly P[] }>,
  xOf: (point: P) => number,
  yOf: (point: P) => number,
): ChartData {
  const xs = [...new Set(players.flatMap((p) => p.points.map(xOf)))].sort((a, b) => a - b);
  const index = new Map(xs.map((x, i) => [x, i]));
  return {
    xs,
    lines: players.map(({ name, points }) => {
      const values: Array<number | null> = xs.map(() => null);
      for (const point of points) values[index.get(xOf(point))!] = yOf(point);
      return { label: name, values };
    }),
  };
}

export type WeekMetric = 'games' | 'scorePerGame' | 'kd';

/** One weekly metric of each player, per week (the Monday, UTC). */
export function weeklyChart(players: readonly Player[], metric: WeekMetric): ChartData {
  return align(
    players.map((p) => ({ name: p.name, points: p.trends.weeks })),
    (w: TrendWeek) => seconds(`${w.week}T00:00:00Z`),
    (w: TrendWeek) => w[metric],
  );
}

/**
 * The mode the rating chart shows: the filter's, or else the one the first player has the most
 * rated games in (ratings are kept per mode, docs/rating.md). Null without rated games.
 */
export function ratingMode(players: readonly Player[], filter: GameType | ''): GameType | null {
  if (filter) return filter;
  const counts = new Map<GameType, number>();
  for (const point of players[0]?.trends.ratings ?? [])
    counts.set(point.mode, (counts.get(point.mode) ?? 0) + 1);
  let best: GameType | null = null;
  for (const [mode, n] of counts) if (best === null || n > counts.get(best)!) best = mode;
  return best;
}

/** The rating after each game of the mode, per player. */
export function ratingChart(players: readonly Player[], mode: GameType | null): ChartData {
  return align(
    players.map((p) => ({
      name: p.name,
      points: p.trends.ratings.filter((r) => r.mode === mode),
    })),
    (r) => seconds(r.playedAt),
    (r) => r.rating,
  );
}
