import { randomUUID } from 'node:crypto';
import type { GameReportInput, GameType, ReportPlayer } from '@arcadia/contracts';

/** A seeded random source (mulberry32): the same seed plays the same match. */
export type Rng = () => number;
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

/** A stable skill in 0.6..1.6 per player: the same player is strong or weak in every match. */
function skillOf(id: string): number {
  let h = 2166136261;
  for (const c of id) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return 0.6 + ((h >>> 0) % 1000) / 1000;
}

/**
 * What the device calls its teams and guests reaches the app as it is (like a map's name), in
 * German and in English alike: so the simulated device uses names that read the same in both
 * (radio call signs), and the app adds what they are ('Gast'/'Guest') in the player's language.
 */
export const TEAM_NAMES = ['Team Alpha', 'Team Bravo'] as const;
export const GUEST_CALL_SIGNS = [
  'Viper',
  'Falcon',
  'Ghost',
  'Raven',
  'Comet',
  'Nova X',
  'Orbit',
  'Pixel',
] as const;
/** The g-th guest (from 1): a call sign, numbered once the list is used up. */
export function guestName(g: number): string {
  const sign = GUEST_CALL_SIGNS[(g - 1) % GUEST_CALL_SIGNS.length]!;
  const round = Math.floor((g - 1) / GUEST_CALL_SIGNS.length);
  return round === 0 ? sign : `${sign} ${round + 1}`;
}

export interface SimulatedPlayer {
  userId: string;
  userName?: string;
}

export interface SimulateOptions {
  type: GameType;
  /** The registered players on the device. */
  players: SimulatedPlayer[];
  /** Guests fill the match up to this many players (default: no guests beyond 2 in total). */
  fillTo?: number;
  mapIds: string[];
  rng?: Rng;
  durationSeconds?: number;
  playedAt?: Date;
  idempotencyKey?: string;
}

interface Slot {
  report: ReportPlayer & { kills: number; deaths: number; score: number };
  skill: number;
  team: number | null;
}

/**
 * A plausible match: kills happen one at a time (a killer hits a victim of another team, or
 * anyone else in freeforall), so kills and deaths always add up; scores follow from them.
 * Elimination is played as a best of five rounds, deathmatch scores a team's kills.
 */
export function simulateMatch(options: SimulateOptions): GameReportInput {
  const rng = options.rng ?? Math.random;
  if (options.mapIds.length === 0) throw new Error('simulateMatch needs at least one map');
  const teamMode = options.type !== 'freeforall';
  const total = Math.min(32, Math.max(options.players.length, options.fillTo ?? 0, 2));
  const slots: Slot[] = [];
  for (const p of options.players.slice(0, 32))
    slots.push({
      report: { userId: p.userId, kills: 0, deaths: 0, score: 0 },
      skill: skillOf(p.userId),
      team: null,
    });
  for (let g = 1; slots.length < total; g++)
    slots.push({
      report: { guestName: guestName(g), kills: 0, deaths: 0, score: 0 },
      skill: 0.6 + rng(),
      team: null,
    });
  // Teams: shuffle, then deal alternately so sizes differ by at most one.
  const order = slots.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  if (teamMode) order.forEach((slotIndex, n) => (slots[slotIndex]!.team = (n % 2) + 1));

  const duration = options.durationSeconds ?? between(rng, 5, 15) * 60;
  const events = Math.round(total * (duration / 60) * (0.8 + rng() * 0.8));
  const pick = (candidates: Slot[]) => {
    const sum = candidates.reduce((s, c) => s + c.skill, 0);
    let r = rng() * sum;
    for (const c of candidates) if ((r -= c.skill) <= 0) return c;
    return candidates[candidates.length - 1]!;
  };
  for (let e = 0; e < events; e++) {
    const killer = pick(slots);
    const victims = slots.filter((s) => s !== killer && (!teamMode || s.team !== killer.team));
    if (victims.length === 0) continue;
    const victim = victims[Math.floor(rng() * victims.length)]!;
    killer.report.kills += 1;
    victim.report.deaths += 1;
  }
  for (const s of slots)
    s.report.score = Math.max(0, s.report.kills * 100 - s.report.deaths * 25 + between(rng, 0, 50));

  let teams: GameReportInput['teams'] = [];
  if (teamMode) {
    const kills = [1, 2].map((team) =>
      slots.filter((s) => s.team === team).reduce((sum, s) => sum + s.report.kills, 0),
    );
    if (options.type === 'deathmatch') {
      teams = [1, 2].map((id) => ({ id, name: TEAM_NAMES[id - 1]!, score: kills[id - 1]! }));
    } else {
      // Best of five: the team with more kills is likelier to win; the loser takes 0..2 rounds.
      const chance = (kills[0]! + 1) / (kills[0]! + kills[1]! + 2);
      const winner = rng() < chance ? 1 : 2;
      const loserRounds = between(rng, 0, 2);
      teams = [1, 2].map((id) => ({
        id,
        name: TEAM_NAMES[id - 1]!,
        score: id === winner ? 3 : loserRounds,
      }));
    }
  }
  return {
    idempotencyKey: options.idempotencyKey ?? `sim-${randomUUID()}`,
    type: options.type,
    mapId: options.mapIds[Math.floor(rng() * options.mapIds.length)]!,
    durationSeconds: duration,
    ...(options.playedAt ? { playedAt: options.playedAt.toISOString() } : {}),
    teams,
    players: slots.map((s) => (teamMode ? { ...s.report, teamId: s.team } : s.report)),
  };
}
