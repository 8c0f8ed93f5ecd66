import { describe, expect, it } from 'vitest';
import { achievementById, seasonOf } from '@arcadia/contracts';
import {
  achievementStatus,
  earnedWith,
  emptyFacts,
  foldGame,
  readFacts,
  type AchievementFacts,
  type FactGame,
  type InPlay,
} from './rules';

/** The achievement rules (docs/achievements.md) on hand-built games. */
const inPlay: InPlay = {
  modes: { commando: ['deathmatch', 'elimination', 'freeforall'], other: ['freeforall'] },
  maps: { commando: ['neon-docks', 'skyline'], other: ['arena'] },
};

const game = (over: Partial<FactGame> = {}): FactGame => ({
  applicationId: 'commando',
  mode: 'elimination',
  mapId: 'neon-docks',
  playedAt: new Date('2026-11-10T18:00:00Z'),
  won: false,
  deaths: 3,
  ...over,
});

/** Plays the games in order, as ingest does: the facts folded, the new achievements earned. */
function play(games: FactGame[], unlocked = new Set<string>()) {
  let facts: AchievementFacts = emptyFacts();
  const log: string[][] = [];
  for (const g of games) {
    facts = foldGame(facts, g);
    const earned = earnedWith(facts, g, inPlay, null, unlocked);
    earned.forEach((id) => unlocked.add(id));
    log.push(earned);
  }
  return { facts, log, unlocked };
}

describe('achievement rules', () => {
  it('unlocks the first game with the first game, and nothing twice', () => {
    const { log } = play([game(), game()]);
    expect(log[0]).toEqual(['first-game']);
    expect(log[1]).toEqual([]);
  });

  it('counts 10, 100 and 1000 games, each at its game', () => {
    const { log } = play(
      Array.from({ length: 1000 }, (_, i) =>
        game({ playedAt: new Date(Date.UTC(2020, 0, 1) + i * 36e5 * 24) }),
      ),
    );
    const at = (id: string) => log.findIndex((l) => l.includes(id)) + 1;
    expect(at('games-10')).toBe(10);
    expect(at('games-100')).toBe(100);
    expect(at('games-1000')).toBe(1000);
  });

  it('unlocks the first win with the first won game', () => {
    const { log } = play([game(), game({ won: true })]);
    expect(log[1]).toContain('first-win');
    expect(log[0]).not.toContain('first-win');
  });

  it('needs 5 wins in a row for the streak: a loss starts it again', () => {
    const w = game({ won: true });
    const l = game({ won: false });
    const broken = play([w, w, w, w, l, w, w, w, w]);
    expect([...broken.unlocked]).not.toContain('win-streak-5');
    expect(broken.facts.streak).toBe(4);
    expect(broken.facts.bestStreak).toBe(4);
    const kept = play([w, w, w, w, l, w, w, w, w, w]);
    expect(kept.log[9]).toContain('win-streak-5');
  });

  it('calls a won game with no death flawless, not a lost one nor a won one with a death', () => {
    expect(play([game({ won: false, deaths: 0 })]).unlocked.has('flawless')).toBe(false);
    expect(play([game({ won: true, deaths: 1 })]).unlocked.has('flawless')).toBe(false);
    expect(play([game({ won: true, deaths: 0 })]).log[0]).toContain('flawless');
  });

  it('needs every mode of one application in play, and every map', () => {
    const { log, unlocked } = play([
      game({ mode: 'elimination', mapId: 'neon-docks' }),
      game({ mode: 'deathmatch', mapId: 'neon-docks' }),
      game({ applicationId: 'other', mode: 'freeforall', mapId: 'arena' }),
      game({ mode: 'freeforall', mapId: 'skyline' }),
    ]);
    // the other application offers one mode and one map only: it does not count
    expect(log[2]).toEqual([]);
    expect(log[3]).toEqual(['all-modes', 'all-maps']);
    expect(unlocked.has('all-modes')).toBe(true);

    const commandoOnly = play([
      game({ mode: 'elimination' }),
      game({ mode: 'deathmatch' }),
      game({ mode: 'freeforall', mapId: 'skyline' }),
    ]);
    expect(commandoOnly.log[1]).not.toContain('all-modes');
    expect(commandoOnly.log[2]).toEqual(expect.arrayContaining(['all-modes', 'all-maps']));
  });

  it('is in the monthly top 10 with fewer than 10 ahead on a board of at least 20', () => {
    const facts = foldGame(emptyFacts(), game());
    const earned = (ahead: number, players: number) =>
      earnedWith(facts, game(), inPlay, { ahead, players }, new Set(['first-game']));
    expect(earned(9, 20)).toEqual(['monthly-top-10']);
    expect(earned(10, 40)).toEqual([]);
    expect(earned(0, 19)).toEqual([]);
  });

  it('gives the season badge of a month for 10 games in it, counted in Europe/Berlin', () => {
    // 23:30 UTC on 31 October is 00:30 on 1 November in Berlin
    const lateOctober = new Date('2026-10-31T23:30:00Z');
    expect(seasonOf(lateOctober)).toBe('2026-11');
    const games = Array.from({ length: 10 }, (_, i) =>
      game({ playedAt: new Date(lateOctober.getTime() + i * 60_000) }),
    );
    const { log } = play(games);
    expect(log[8]).not.toContain('season-2026-11');
    expect(log[9]).toContain('season-2026-11');
    expect(achievementById('season-2026-11')?.name).toEqual({
      de: 'Saison November 2026',
      en: 'Season November 2026',
    });
    expect(achievementById('season-2026-13')).toBeUndefined();
  });

  it('shows progress for the locked ones and the unlocked newest first', () => {
    const { facts } = play([
      game({ won: true }),
      game({ won: true, mode: 'deathmatch' }),
      game({ won: false, mapId: 'skyline' }),
    ]);
    const status = achievementStatus(
      facts,
      inPlay,
      [
        { id: 'first-game', unlockedAt: new Date('2026-11-10T18:00:00Z') },
        { id: 'first-win', unlockedAt: new Date('2026-11-11T18:00:00Z') },
        { id: 'retired-id', unlockedAt: new Date('2026-11-11T18:00:00Z') },
      ],
      new Date('2026-11-20T12:00:00Z'),
    );
    expect(status.unlocked.map((u) => u.id)).toEqual(['first-win', 'first-game']);
    const progress = Object.fromEntries(status.locked.map((l) => [l.id, l.progress]));
    expect(progress['games-10']).toEqual({ current: 3, target: 10 });
    expect(progress['win-streak-5']).toEqual({ current: 2, target: 5 });
    expect(progress['all-modes']).toEqual({ current: 2, target: 3 });
    expect(progress['all-maps']).toEqual({ current: 2, target: 2 });
    expect(progress['flawless']).toEqual({ current: 0, target: 1 });
    expect(progress['monthly-top-10']).toBeNull();
    expect(progress['season-2026-11']).toEqual({ current: 3, target: 10 });
    expect(progress['first-game']).toBeUndefined();
  });

  it('reads facts an older version stored, filling what is missing', () => {
    expect(readFacts({ games: 4 })).toEqual({ ...emptyFacts(), games: 4 });
    expect(readFacts(null)).toEqual(emptyFacts());
  });
});
