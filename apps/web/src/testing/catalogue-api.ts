/**
 * Test support: the operator console's catalogue routes in the one fake API (./api.ts), typed
 * with the contracts. Calls are recorded like every other (`callsTo`).
 */
import type {
  AdminApplication,
  AdminAsset,
  AdminMap,
  AdminMode,
  ApplicationCreate,
  ApplicationUpdate,
  MapCreate,
  MapUpdate,
  ModeCreate,
  ModeUpdate,
} from '@arcadia/contracts';
import { route } from './api';

export const catalogueHandlers = {
  getApplications: route<{ applications: AdminApplication[] }>('get', '/api/admin/applications'),
  createApplication: route<AdminApplication, ApplicationCreate>('post', '/api/admin/applications'),
  updateApplication: route<AdminApplication, ApplicationUpdate>(
    'patch',
    '/api/admin/applications/:applicationId',
  ),
  createMode: route<AdminMode, ModeCreate>('post', '/api/admin/applications/:applicationId/modes'),
  updateMode: route<AdminMode, ModeUpdate>(
    'patch',
    '/api/admin/applications/:applicationId/modes/:modeId',
  ),
  retireMode: route<AdminMode>(
    'post',
    '/api/admin/applications/:applicationId/modes/:modeId/:verb',
  ),
  getMaps: route<{ maps: AdminMap[] }>('get', '/api/admin/maps'),
  createMap: route<AdminMap, MapCreate>('post', '/api/admin/maps'),
  updateMap: route<AdminMap, MapUpdate>('patch', '/api/admin/maps/:mapId'),
  retireMap: route<AdminMap>('post', '/api/admin/maps/:mapId/:verb'),
  uploadAsset: route<AdminAsset, string>('post', '/api/admin/assets'),
};
