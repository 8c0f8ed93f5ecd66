import { ordinal, rate, rating as openskillRating, type Rating } from 'openskill';
import {
  RATING_DISPLAY_BASE,
  RATING_DISPLAY_SCALE,
  RATING_PROVISIONAL_GAMES,
  TEAM_SCORE_UNITS,
  type GameType,
} from '@arcadia/contracts';

/**
 * The rating model (docs/rating.md): openskill's Plackett-Luce model with its default
 * parameters. Nothing of the maths is ours: only how a game becomes teams and scores, and how
 * a rating is displayed.
 */
export type { Rating };

/** A new player's rating, and every guest's: openskill's default (μ0 = 25, σ0 = 25/3). */
export const INITIAL_RATING: Rating = openskillRating();

/**
 * The displayed rating: the conservative estimate μ − 3σ (openskill's ordinal), scaled by
 * RATING_DISPLAY_SCALE and shifted by RATING_DISPLAY_BASE, rounded, never below 0.
 */
export function displayRating(r: Rating): number {
  const value = ordinal(r, { alpha: RATING_DISPLAY_SCALE, target: RATING_DISPLAY_BASE });
  return Math.max(0, Math.round(value));
}

export const isProvisional = (games: number) => games < RATING_PROVISIONAL_GAMES;

/** One slot of a game as the model sees it: its team, its score, its rating (null: a guest). */
export interface RatedSlot {
  teamId: number | null;
  score: number;
  rating: Rating | null;
}

/**
 * Every slot's rating after the game, in slot order (a guest's, at the default strength, is
 * computed but means nothing). Team modes: the report's teams, ranked by team score; freeforall
 * (a mode without teams): every player alone, ranked by score. Equal scores are a draw. A game
 * with fewer than two sides teaches nothing: the ratings stay.
 */
export function rateSlots(
  mode: GameType,
  teams: ReadonlyArray<{ id: number; score: number }>,
  slots: readonly RatedSlot[],
): Rating[] {
  const sides: Array<{ score: number; members: number[] }> = [];
  if (TEAM_SCORE_UNITS[mode] === null) {
    slots.forEach((slot, i) => sides.push({ score: slot.score, members: [i] }));
  } else {
    for (const team of [...teams].sort((a, b) => a.id - b.id)) {
      const members = slots.flatMap((slot, i) => (slot.teamId === team.id ? [i] : []));
      if (members.length > 0) sides.push({ score: team.score, members });
    }
  }
  const before = slots.map((slot) => slot.rating ?? INITIAL_RATING);
  if (sides.length < 2) return before;
  const rated = rate(
    sides.map((side) => side.members.map((i) => before[i]!)),
    { score: sides.map((side) => side.score) },
  );
  const after = [...before];
  sides.forEach((side, s) =>
    side.members.forEach((i, m) => {
      after[i] = rated[s]![m]!;
    }),
  );
  return after;
}
