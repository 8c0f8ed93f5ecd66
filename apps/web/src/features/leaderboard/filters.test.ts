import { describe, expect, it } from 'vitest';
import {
  arcadesOf,
  defaultFilters,
  modeOf,
  readFilters,
  withFilter,
  writeFilters,
} from './filters';

describe('leaderboard filters in the address', () => {
  it('reads known values and falls back to the defaults for anything else', () => {
    expect(readFilters(new URLSearchParams())).toEqual(defaultFilters);
    expect(
      readFilters(new URLSearchParams('metric=kd&period=week&scope=arcade&arcade=berlin&page=3')),
    ).toEqual({
      metric: 'kd',
      period: 'week',
      scope: 'arcade',
      arcade: 'berlin',
      mode: null,
      page: 3,
    });
    expect(readFilters(new URLSearchParams('metric=rating&mode=freeforall'))).toEqual({
      ...defaultFilters,
      metric: 'rating',
      mode: 'freeforall',
    });
    expect(
      readFilters(new URLSearchParams('metric=elo&period=year&scope=all&arcade=a;b&page=0')),
    ).toEqual(defaultFilters);
    expect(readFilters(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('writes only what differs from the default, and arcade only with its scope', () => {
    expect(writeFilters(defaultFilters).toString()).toBe('');
    expect(
      writeFilters({
        metric: 'wins',
        period: 'month',
        scope: 'global',
        arcade: 'x',
        mode: 'deathmatch',
        page: 2,
      }).toString(),
    ).toBe('metric=wins&period=month&page=2');
    // The mode only with the rating board, and only once chosen.
    expect(writeFilters({ ...defaultFilters, metric: 'rating' }).toString()).toBe('metric=rating');
    expect(
      writeFilters({ ...defaultFilters, metric: 'rating', mode: 'elimination' }).toString(),
    ).toBe('metric=rating&mode=elimination');
    expect(writeFilters({ ...defaultFilters, scope: 'arcade', arcade: 'berlin' }).toString()).toBe(
      'scope=arcade&arcade=berlin',
    );
  });

  it("the rating board's mode: the chosen one, else the one played most lately, else elimination", () => {
    const games = (...types: Array<'elimination' | 'deathmatch' | 'freeforall'>) =>
      types.map((type) => ({ type }));
    expect(modeOf('deathmatch', games('freeforall', 'freeforall'))).toBe('deathmatch');
    expect(modeOf(null, games('deathmatch', 'freeforall', 'freeforall'))).toBe('freeforall');
    // Equally often: the mode of the newer game (the history is newest first).
    expect(modeOf(null, games('deathmatch', 'freeforall', 'freeforall', 'deathmatch'))).toBe(
      'deathmatch',
    );
    expect(modeOf(null, [])).toBe('elimination');
    expect(modeOf(null, undefined)).toBe('elimination');
  });

  it('a changed filter starts at page 1', () => {
    expect(withFilter({ ...defaultFilters, page: 7 }, { metric: 'kd' })).toEqual({
      ...defaultFilters,
      metric: 'kd',
      page: 1,
    });
  });

  it('the arcades of a match history, each once', () => {
    expect(arcadesOf([{ arcade: 'berlin' }, { arcade: 'hamburg' }, { arcade: 'berlin' }])).toEqual([
      'berlin',
      'hamburg',
    ]);
    expect(arcadesOf(undefined)).toEqual([]);
  });
});
