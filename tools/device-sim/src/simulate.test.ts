import { describe, expect, it } from 'vitest';
import { GAME_TYPES, gameReportSchema } from '@arcadia/contracts';
import { seededRng, simulateMatch } from './simulate';

const players = ['a', 'b', 'c'].map((n, i) => ({
  userId: `00000000-0000-4000-8000-00000000000${i + 1}`,
  userName: n,
}));
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('simulateMatch', () => {
  for (const type of GAME_TYPES) {
    it(`plays a plausible ${type} over many seeds`, () => {
      for (let seed = 1; seed <= 200; seed++) {
        const report = simulateMatch({
          type,
          players,
          fillTo: 2 + (seed % 7),
          mapIds: ['neon-docks', 'skyline'],
          rng: seededRng(seed),
        });
        // The server would accept it.
        expect(gameReportSchema.safeParse(report).success).toBe(true);
        const ps = report.players;
        expect(ps.length).toBe(Math.max(3, 2 + (seed % 7)));
        // Every registered player plays; guests fill the rest.
        expect(ps.filter((p) => p.userId).map((p) => p.userId)).toEqual(
          players.map((p) => p.userId),
        );
        expect(ps.filter((p) => p.guestName)).toHaveLength(ps.length - players.length);
        // Every kill is someone's death.
        expect(sum(ps.map((p) => p.kills))).toBe(sum(ps.map((p) => p.deaths)));
        for (const p of ps) {
          for (const n of [p.kills, p.deaths, p.score]) {
            expect(Number.isInteger(n)).toBe(true);
            expect(n).toBeGreaterThanOrEqual(0);
          }
        }
        expect(report.durationSeconds).toBeGreaterThanOrEqual(300);
        expect(report.durationSeconds).toBeLessThanOrEqual(900);
        if (type === 'freeforall') {
          expect(report.teams).toEqual([]);
          expect(ps.every((p) => p.teamId === undefined || p.teamId === null)).toBe(true);
          continue;
        }
        const teams = report.teams!;
        expect(teams.map((t) => t.id)).toEqual([1, 2]);
        const members = (id: number) => ps.filter((p) => p.teamId === id);
        // Teams differ in size by at most one.
        expect(Math.abs(members(1).length - members(2).length)).toBeLessThanOrEqual(1);
        // No friendly fire: a team's kills are the other team's deaths.
        expect(sum(members(1).map((p) => p.kills))).toBe(sum(members(2).map((p) => p.deaths)));
        expect(sum(members(2).map((p) => p.kills))).toBe(sum(members(1).map((p) => p.deaths)));
        if (type === 'deathmatch') {
          for (const t of teams) expect(t.score).toBe(sum(members(t.id).map((p) => p.kills)));
        } else {
          // Best of five: one team has three rounds, the other fewer.
          const scores = teams.map((t) => t.score).sort();
          expect(scores[1]).toBe(3);
          expect(scores[0]).toBeLessThan(3);
        }
      }
    });
  }

  it('plays the same match for the same seed', () => {
    const play = () =>
      simulateMatch({
        type: 'deathmatch',
        players,
        fillTo: 8,
        mapIds: ['m'],
        rng: seededRng(42),
        idempotencyKey: 'same-key-1',
      });
    expect(play()).toEqual(play());
  });

  it('gives stronger players more kills over many matches', () => {
    // Skill is stable per player id: over many seeds the totals differ clearly.
    const totals = new Map<string, number>();
    for (let seed = 1; seed <= 300; seed++) {
      const report = simulateMatch({
        type: 'freeforall',
        players,
        mapIds: ['m'],
        rng: seededRng(seed),
      });
      for (const p of report.players)
        if (p.userId) totals.set(p.userId, (totals.get(p.userId) ?? 0) + p.kills);
    }
    const values = [...totals.values()].sort((a, b) => a - b);
    expect(values[values.length - 1]! / values[0]!).toBeGreaterThan(1.05);
  });

  it('needs a map', () => {
    expect(() => simulateMatch({ type: 'freeforall', players, mapIds: [] })).toThrow(/map/);
  });

  it('names teams and guests the same in German and English (no German-only words)', () => {
    const report = simulateMatch({
      type: 'deathmatch',
      players,
      fillTo: 20,
      mapIds: ['m'],
      rng: seededRng(7),
    });
    const names = [
      ...(report.teams ?? []).map((t) => t.name),
      ...report.players.flatMap((p) => (p.guestName ? [p.guestName] : [])),
    ];
    expect(report.teams?.map((t) => t.name)).toEqual(['Team Alpha', 'Team Bravo']);
    for (const name of names) expect(name).not.toMatch(/Gast|Rot|Blau/);
    const guests = report.players.flatMap((p) => (p.guestName ? [p.guestName] : []));
    expect(new Set(guests).size).toBe(guests.length);
  });
});
