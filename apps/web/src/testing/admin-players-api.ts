/**
 * Test support: the console's player and visit routes (/api/admin/players…, …/visits) in the
 * fake API, typed with the contracts, and factories of their answers.
 */
import type {
  AdminPlayer,
  AdminPlayersPage,
  AdminRename,
  AdminSuspend,
  AdminVisit,
  AdminVisitCreate,
  AdminVisitsPage,
} from '@arcadia/contracts';
import { route } from './api';

const player = '/api/admin/players/:id';

export const playerHandlers = {
  getPlayers: route<AdminPlayersPage>('get', '/api/admin/players'),
  getPlayer: route<AdminPlayer>('get', player),
  renamePlayer: route<AdminPlayer, AdminRename>('put', `${player}/name`),
  suspendPlayer: route<AdminPlayer, AdminSuspend>('post', `${player}/suspend`),
  unsuspendPlayer: route<AdminPlayer>('post', `${player}/unsuspend`),
  deletePlayer: route<{ success: true }>('delete', player),
  getVisits: route<AdminVisitsPage>('get', '/api/admin/arcades/:arcadeId/visits'),
  recordVisit: route<AdminVisit, AdminVisitCreate>('post', '/api/admin/arcades/:arcadeId/visits'),
};

export function adminPlayer(overrides: Partial<AdminPlayer> = {}): AdminPlayer {
  return {
    id: 'bbbbbbbb-0000-4000-8000-000000000001',
    userName: 'RudeRick',
    role: 'player',
    claimed: true,
    suspendedAt: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    earlyAdopter: false,
    mail: 'rick@example.org',
    signInEmail: 'rick@example.org',
    suspendedReason: null,
    arcades: [],
    device: null,
    recentGames: [],
    statistics: {
      gamesPlayed: 0,
      gamesWon: 0,
      gamesLost: 0,
      overallKills: 0,
      overallDeaths: 0,
      kda: 0,
      winrate: 0,
    },
    ...overrides,
  };
}

export function adminVisit(overrides: Partial<AdminVisit> = {}): AdminVisit {
  return {
    id: 'cccccccc-0000-4000-8000-000000000001',
    arcadeId: 'berlin',
    userId: 'bbbbbbbb-0000-4000-8000-000000000001',
    userName: 'RudeRick',
    visitedAt: '2026-11-20T17:15:00.000Z',
    recordedBy: { id: 'dddddddd-0000-4000-8000-000000000001', userName: 'Flynn' },
    met: null,
    ...overrides,
  };
}
