import { describe, expect, it } from 'vitest';
import { rate, rating } from 'openskill';
import { displayRating, INITIAL_RATING, isProvisional, rateSlots } from './model';

describe('the rating model', () => {
  it('is openskill with its defaults: the README reference values', () => {
    // openskill's README (v5): a1, a2 beat b1, b2.
    const [[x1, x2], [y1, y2]] = rate([
      [rating(), rating({ mu: 32.444, sigma: 5.123 })],
      [rating({ mu: 43.381, sigma: 2.421 }), rating({ mu: 25.188, sigma: 6.211 })],
    ]);
    expect(x1.mu).toBeCloseTo(28.67, 2);
    expect(x1.sigma).toBeCloseTo(8.07, 2);
    expect(x2.mu).toBeCloseTo(33.83, 2);
    expect(x2.sigma).toBeCloseTo(5.06, 2);
    expect(y1.mu).toBeCloseTo(43.07, 2);
    expect(y1.sigma).toBeCloseTo(2.42, 2);
    expect(y2.mu).toBeCloseTo(23.15, 2);
    expect(y2.sigma).toBeCloseTo(6.14, 2);
  });

  it('ranks freeforall players by score, ties drawing: the README values', () => {
    const slots = [37, 19, 37, 42].map((score) => ({ teamId: null, score, rating: null }));
    const after = rateSlots('freeforall', [], slots);
    // The README prints three decimals, cut off.
    const mus = [24.689, 22.826, 24.689, 27.795];
    const sigmas = [8.179, 8.179, 8.179, 8.263];
    after.forEach((r, i) => {
      expect(r.mu).toBeCloseTo(mus[i]!, 2);
      expect(r.sigma).toBeCloseTo(sigmas[i]!, 2);
    });
  });

  it('plays team modes by the teams and their scores, guests at the default strength', () => {
    const strong = { mu: 30, sigma: 4 };
    const slots = [
      { teamId: 2, score: 10, rating: strong },
      { teamId: 1, score: 99, rating: null },
      { teamId: 2, score: 0, rating: null },
      { teamId: 1, score: 5, rating: INITIAL_RATING },
    ];
    const after = rateSlots(
      'elimination',
      [
        { id: 2, score: 1 },
        { id: 1, score: 3 },
      ],
      slots,
    );
    const [[w1, w2], [l1, l2]] = rate(
      [
        [INITIAL_RATING, INITIAL_RATING],
        [strong, INITIAL_RATING],
      ],
      { score: [3, 1] },
    );
    expect(after).toEqual([l1, w1, l2, w2]);
  });

  it('leaves ratings alone when there is no opponent', () => {
    const slots = [{ teamId: 1, score: 3, rating: { mu: 20, sigma: 3 } }];
    expect(rateSlots('deathmatch', [{ id: 1, score: 3 }], slots)).toEqual([{ mu: 20, sigma: 3 }]);
  });

  it('displays μ − 3σ scaled by 40 from 1000, whole and never negative', () => {
    expect(displayRating(INITIAL_RATING)).toBe(1000);
    expect(displayRating({ mu: 30, sigma: 2 })).toBe(1000 + 40 * 24);
    expect(displayRating({ mu: 25.01, sigma: 8.333333 })).toBe(1000);
    expect(displayRating({ mu: -30, sigma: 8 })).toBe(0);
  });

  it('is provisional until ten games', () => {
    expect(isProvisional(9)).toBe(true);
    expect(isProvisional(10)).toBe(false);
  });
});
