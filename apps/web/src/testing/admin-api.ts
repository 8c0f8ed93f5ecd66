/**
 * Test support: the operator console's routes (/api/admin/…) in the fake API, typed with the
 * contracts like `handlers` in ./api.ts. A section of the console adds its routes here (one line
 * each), or in a file of its own beside this one built the same way.
 */
import type { z } from 'zod';
import type {
  AdminArcade,
  AdminDevice,
  AdminGame,
  AdminGamesPage,
  ArcadeCreate,
  ArcadeUpdate,
  AuditPage,
  DeviceCreate,
  DeviceRename,
  GameAssignRequest,
  GameVoidRequest,
  OperatorInfo,
  RoleChange,
  deviceWithKeySchema,
  roleAnswerSchema,
} from '@arcadia/contracts';
import { route } from './api';

type DeviceWithKey = z.infer<typeof deviceWithKeySchema>;
type RoleAnswer = z.infer<typeof roleAnswerSchema>;
const device = '/api/admin/arcades/:arcadeId/devices/:deviceId';
const game = '/api/admin/arcades/:arcadeId/games/:gameId';

export const adminHandlers = {
  getOperator: route<OperatorInfo>('get', '/api/admin/me'),
  getAdminArcades: route<{ arcades: AdminArcade[] }>('get', '/api/admin/arcades'),
  createArcade: route<AdminArcade, ArcadeCreate>('post', '/api/admin/arcades'),
  updateArcade: route<AdminArcade, ArcadeUpdate>('patch', '/api/admin/arcades/:arcadeId'),
  retireArcade: route<AdminArcade>('post', '/api/admin/arcades/:arcadeId/retire'),
  getDevices: route<{ devices: AdminDevice[] }>('get', '/api/admin/arcades/:arcadeId/devices'),
  createDevice: route<DeviceWithKey, DeviceCreate>('post', '/api/admin/arcades/:arcadeId/devices'),
  renameDevice: route<AdminDevice, DeviceRename>('patch', device),
  rotateDeviceKey: route<DeviceWithKey>('post', `${device}/rotate-key`),
  disableDevice: route<AdminDevice>('post', `${device}/disable`),
  enableDevice: route<AdminDevice>('post', `${device}/enable`),
  kickPlayer: route<null>('delete', `${device}/players/:userId`),
  /** The printed sign of a device: answer a Blob (`new Blob([...], { type: 'application/pdf' })`). */
  getDeviceSign: route<Blob>('get', `${device}/sign`),
  getGames: route<AdminGamesPage>('get', '/api/admin/arcades/:arcadeId/games'),
  getGame: route<AdminGame>('get', game),
  voidGame: route<AdminGame, GameVoidRequest>('post', `${game}/void`),
  assignSlot: route<AdminGame, GameAssignRequest>('post', `${game}/slots/:slotId/assign`),
  getAudit: route<AuditPage>('get', '/api/admin/audit'),
  changeRole: route<RoleAnswer, RoleChange>('put', '/api/admin/users/:id/role'),
};
