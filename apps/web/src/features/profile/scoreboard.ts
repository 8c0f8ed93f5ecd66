import type { Game, GameType } from '@arcadia/contracts';

type Player = Game['players'][number];
export type RankedPlayer = Player & { rank: number };

export interface TeamBoard {
  id: number;
  name: string;
  score: number;
  players: RankedPlayer[];
}

/** The scoreboard of a game by its type (spec §2): teams, or one ranking of all players. */
export type Scoreboard =
  | { kind: 'teams'; teams: TeamBoard[]; unassigned: RankedPlayer[] }
  | { kind: 'ranking'; players: RankedPlayer[] };

/** Elimination and deathmatch are played in teams; freeforall is everyone for themselves. */
export function isTeamGame(type: GameType): boolean {
  switch (type) {
    case 'elimination':
    case 'deathmatch':
      return true;
    case 'freeforall':
      return false;
  }
}

/** Highest score first (then more kills, fewer deaths, name); equal scores share a rank. */
export function rankPlayers(players: readonly Player[]): RankedPlayer[] {
  const sorted = [...players].sort(
    (a, b) =>
      b.score - a.score || b.kills - a.kills || a.deaths - b.deaths || a.name.localeCompare(b.name),
  );
  let rank = 0;
  return sorted.map((player, index) => {
    if (index === 0 || sorted[index - 1]?.score !== player.score) rank = index + 1;
    return { ...player, rank };
  });
}

export function scoreboardOf(game: Pick<Game, 'type' | 'players' | 'teamNames'>): Scoreboard {
  if (!isTeamGame(game.type)) return { kind: 'ranking', players: rankPlayers(game.players) };
  const teamIds = new Set(game.teamNames.map((t) => t.id));
  const teams = [...game.teamNames]
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .map((team) => ({
      ...team,
      players: rankPlayers(game.players.filter((p) => p.teamId === team.id)),
    }));
  const unassigned = rankPlayers(
    game.players.filter((p) => p.teamId === null || !teamIds.has(p.teamId)),
  );
  return { kind: 'teams', teams, unassigned };
}
