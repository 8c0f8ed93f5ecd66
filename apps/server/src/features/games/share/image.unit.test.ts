import { describe, expect, it } from 'vitest';
import type { Match } from '@arcadia/contracts';
import { resultFitted, resultLine } from './image';
import { matchDescription } from './meta';

const player = (name: string, score: number, teamId: number | null = null) => ({
  id: null,
  name,
  kind: 'guest' as const,
  teamId,
  kills: 3,
  deaths: 2,
  score,
  won: false,
});

const match = (over: Partial<Match> = {}): Match => ({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'freeforall',
  modeName: { de: 'Jeder gegen jeden', en: 'Free for all' },
  application: { id: 'commando', name: 'Commando' },
  arcade: { id: 'berlin', name: 'Arcadia Berlin' },
  device: { id: 'arena-1', name: 'Arena 1' },
  map: { id: 'neon', name: 'Neon City', iconPath: '/maps/neon.svg' },
  playedAt: '2026-11-30T18:05:00.000Z',
  durationSeconds: 600,
  teams: [],
  players: [player('Viper', 1895), player('Nova', 1669)],
  ...over,
});

describe('the share preview writes numbers as the match page does', () => {
  it('groups a winner’s thousands: "1.895" in German, "1,895" in English', () => {
    expect(resultLine(match(), 'de')).toBe('Viper gewinnt mit 1.895 Punkten');
    expect(resultLine(match(), 'en')).toBe('Viper wins with 1,895 points');
    expect(matchDescription(match(), 'de')).toMatch(/^Viper gewinnt mit 1\.895 Punkten – /);
  });

  it('groups team scores too, and leaves small ones alone', () => {
    const teams = match({
      type: 'deathmatch',
      teams: [
        { id: 1, name: 'Rot', score: 12_345, won: true },
        { id: 2, name: 'Blau', score: 7, won: false },
      ],
    });
    expect(resultLine(teams, 'de')).toBe('Rot 12.345 : Blau 7');
    expect(resultLine(teams, 'en')).toBe('Rot 12,345 : Blau 7');
  });
});

describe('the share image draws a long result line smaller, not cut', () => {
  it('a hidden winner with four digits fits whole; only a line too long even small is cut', () => {
    const hidden = match({
      players: [{ ...player('Spieler', 1160), kind: 'hidden' as const }, player('Nova', 900)],
    });
    const fitted = resultFitted(hidden, 'de');
    expect(fitted.text).toBe('Verborgener Spieler gewinnt mit 1.160 Punkten');
    expect(fitted.size).toBeLessThan(64);
    expect(resultFitted(match(), 'de')).toEqual({
      text: 'Viper gewinnt mit 1.895 Punkten',
      size: 64,
    });
    const huge = match({ players: [player('W'.repeat(60), 1_000_000)] });
    expect(resultFitted(huge, 'de').text).toMatch(/…$/);
    expect(resultFitted(huge, 'de').size).toBe(40);
  });
});
