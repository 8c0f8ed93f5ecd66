/** Test data of the operator console in the contract shapes (see ./factories.ts). */
import {
  ADMIN_GAMES_LIST_PLAYERS,
  type AdminApplication,
  type AdminArcade,
  type AdminDevice,
  type AdminGame,
  type AdminGameListItem,
  type AdminGameSlot,
  type AuditEntry,
  type OperatorInfo,
} from '@arcadia/contracts';
import { BLAZE, ME, NOVA } from './factories';

export function operator(overrides: Partial<OperatorInfo> = {}): OperatorInfo {
  return { userId: ME, userName: 'Me', role: 'admin', arcades: null, ...overrides };
}

export function staffOperator(arcades: string[] = ['berlin']): OperatorInfo {
  return operator({ role: 'staff', arcades });
}

export function adminArcade(overrides: Partial<AdminArcade> = {}): AdminArcade {
  return {
    id: 'berlin',
    name: 'Arcadia Berlin',
    city: 'Berlin',
    address: 'Warschauer Str. 1',
    openingHours: [{ day: 'fri', opens: '14:00', closes: '02:00' }],
    logoPath: null,
    retiredAt: null,
    ...overrides,
  };
}

export function adminDevice(overrides: Partial<AdminDevice> = {}): AdminDevice {
  return {
    arcadeId: 'berlin',
    id: 'arena-1',
    name: 'Arena 1',
    kind: 'arena',
    applicationId: 'commando',
    capacity: 8,
    online: true,
    lastHeartbeatAt: '2026-11-26T12:00:00.000Z',
    matchStartedAt: null,
    disabled: false,
    players: [],
    ...overrides,
  };
}

/** A game of the catalogue (GET /api/admin/applications), without modes unless given. */
export function adminApplication(overrides: Partial<AdminApplication> = {}): AdminApplication {
  return {
    id: 'commando',
    name: 'Commando',
    description: { de: 'Das Lasertag-Spiel.', en: 'The laser-tag game.' },
    iconPath: null,
    modes: [],
    ...overrides,
  };
}

export function gameSlot(overrides: Partial<AdminGameSlot> = {}): AdminGameSlot {
  return {
    slotId: 1,
    userId: NOVA,
    name: 'NeonNova',
    teamId: 1,
    kills: 5,
    deaths: 2,
    score: 900,
    won: true,
    guest: false,
    ...overrides,
  };
}

export function adminGame(overrides: Partial<AdminGame> = {}): AdminGame {
  return {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    arcadeId: 'berlin',
    device: { id: 'arena-1', name: 'Arena 1' },
    applicationId: 'commando',
    type: 'elimination',
    map: { id: 'neon-docks', name: 'Neon Docks', iconPath: '/assets/maps/neon-docks.svg' },
    playedAt: '2026-11-26T18:30:00.000Z',
    durationSeconds: 600,
    playerCount: 3,
    voidedAt: null,
    voidReason: null,
    teams: [
      { id: 1, name: 'Red Vipers', score: 1900 },
      { id: 2, name: 'Blue Sharks', score: 100 },
    ],
    players: [
      gameSlot(),
      gameSlot({ slotId: 2, userId: BLAZE, name: 'Blaze', score: 1000, kills: 6 }),
      gameSlot({
        slotId: 3,
        userId: null,
        name: 'Gast Pia',
        teamId: 2,
        score: 100,
        kills: 1,
        deaths: 8,
        won: false,
        guest: true,
      }),
    ],
    ...overrides,
  };
}

/**
 * A game as the day's list has it (GET …/games): the summary, and its first players by name as
 * the server picks them from the slots (best score first; a deleted player by nothing).
 */
export function listedGame({
  voidReason: _reason,
  teams: _teams,
  players,
  ...summary
}: AdminGame): AdminGameListItem {
  return {
    ...summary,
    players: [...players]
      .sort((a, b) => b.score - a.score || a.slotId - b.slotId)
      .slice(0, ADMIN_GAMES_LIST_PLAYERS)
      .map((slot) =>
        slot.userId !== null
          ? { kind: 'player', userId: slot.userId, name: slot.name }
          : slot.guest
            ? { kind: 'guest', userId: null, name: slot.name }
            : { kind: 'deleted', userId: null, name: null },
      ),
  };
}

export function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 7,
    at: '2026-11-26T12:00:00.000Z',
    actorUserId: ME,
    actorLabel: 'Me',
    action: 'arcade.update',
    targetType: 'arcade',
    targetId: 'berlin',
    arcadeId: 'berlin',
    before: { name: 'Arcadia' },
    after: { name: 'Arcadia Berlin' },
    names: {
      [`user:${ME}`]: { name: 'Me', deleted: false },
      'arcade:berlin': { name: 'Arcadia Berlin', deleted: false },
    },
    ...overrides,
  };
}
