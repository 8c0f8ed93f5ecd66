import { describe, expect, it } from 'vitest';
import { BLAZE, game, ME, NOVA } from '../../testing/factories';
import { rankPlayers, scoreboardOf } from './scoreboard';

describe('scoreboard by game type', () => {
  it('elimination and deathmatch: teams by score, each with its players by score', () => {
    for (const type of ['elimination', 'deathmatch'] as const) {
      const board = scoreboardOf(game({ type }));
      expect(board.kind).toBe('teams');
      if (board.kind !== 'teams') return;
      expect(board.teams.map((t) => [t.name, t.score])).toEqual([
        ['Red Vipers', 2700],
        ['Blue Sharks', 800],
      ]);
      expect(board.teams[0]?.players.map((p) => p.id)).toEqual([BLAZE, ME]);
      expect(board.teams[1]?.players.map((p) => p.name)).toEqual(['NeonNova', 'Gast Pia']);
      expect(board.unassigned).toEqual([]);
    }
  });

  it('freeforall: every player ranked by score', () => {
    const board = scoreboardOf(game({ type: 'freeforall', teamNames: [] }));
    expect(board.kind).toBe('ranking');
    if (board.kind !== 'ranking') return;
    expect(board.players.map((p) => [p.rank, p.name])).toEqual([
      [1, 'Blaze'],
      [2, 'Me'],
      [3, 'NeonNova'],
      [4, 'Gast Pia'],
    ]);
  });

  it('equal scores share a rank', () => {
    const p = (name: string, score: number, kills = 0) => ({
      id: null,
      name,
      kills,
      deaths: 0,
      score,
      teamId: null,
    });
    expect(
      rankPlayers([p('a', 5), p('b', 9), p('c', 5, 3), p('d', 1)]).map((x) => [x.rank, x.name]),
    ).toEqual([
      [1, 'b'],
      [2, 'c'],
      [2, 'a'],
      [4, 'd'],
    ]);
  });

  it('team players without a known team are listed apart', () => {
    const g = game();
    const board = scoreboardOf({
      ...g,
      players: [...g.players, { id: NOVA, name: 'Lost', kills: 0, deaths: 0, score: 0, teamId: 7 }],
    });
    expect(board.kind === 'teams' && board.unassigned.map((p) => p.name)).toEqual(['Lost']);
  });
});
