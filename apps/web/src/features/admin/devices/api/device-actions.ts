import {
  adminDeviceSchema,
  deviceWithKeySchema,
  type AdminDevice,
  type DeviceRename,
} from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

export interface DeviceRef {
  arcadeId: string;
  deviceId: string;
}

const devicePath = ({ arcadeId, deviceId }: DeviceRef) =>
  `api/admin/arcades/${encodeURIComponent(arcadeId)}/devices/${encodeURIComponent(deviceId)}`;

const changed = (_r: unknown, _e: unknown, { arcadeId }: { arcadeId: string }) => [
  { type: 'AdminDevices' as const, id: arcadeId },
  'AdminAudit' as const,
];

/**
 * What an operator does to one device: rename (409 device_name_taken), a new key (answered once;
 * the old one stops),
 * disable/enable, take a player off (`DELETE …/players/{userId}`, 404 when not on it).
 */
export const deviceActionsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    renameDevice: build.mutation<AdminDevice, DeviceRef & DeviceRename>({
      query: ({ name, ...ref }) => ({ url: devicePath(ref), method: 'PATCH', body: { name } }),
      responseSchema: adminDeviceSchema,
      invalidatesTags: changed,
    }),
    rotateDeviceKey: build.mutation<{ device: AdminDevice; key: string }, DeviceRef>({
      query: (ref) => ({ url: `${devicePath(ref)}/rotate-key`, method: 'POST' }),
      responseSchema: deviceWithKeySchema,
      invalidatesTags: changed,
    }),
    setDeviceDisabled: build.mutation<AdminDevice, DeviceRef & { disabled: boolean }>({
      query: ({ disabled, ...ref }) => ({
        url: `${devicePath(ref)}/${disabled ? 'disable' : 'enable'}`,
        method: 'POST',
      }),
      responseSchema: adminDeviceSchema,
      invalidatesTags: changed,
    }),
    kickPlayer: build.mutation<null, DeviceRef & { userId: string }>({
      query: ({ userId, ...ref }) => ({
        url: `${devicePath(ref)}/players/${encodeURIComponent(userId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useRenameDeviceMutation,
  useRotateDeviceKeyMutation,
  useSetDeviceDisabledMutation,
  useKickPlayerMutation,
} = deviceActionsApi;
