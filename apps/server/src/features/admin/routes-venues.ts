import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminArcadeParamsSchema,
  adminArcadeSchema,
  adminArcadesSchema,
  adminDeviceParamsSchema,
  adminDeviceSchema,
  adminDevicesSchema,
  adminKickParamsSchema,
  arcadeCreateSchema,
  arcadeUpdateSchema,
  deviceCreateSchema,
  deviceRenameSchema,
  deviceWithKeySchema,
} from '@arcadia/contracts';
import { adminDevices } from '../devices';
import { arcadeParam, operatorOf } from './access';
import {
  createArcade,
  createDevice,
  editArcade,
  kick,
  renameDevice,
  retireArcade,
  rotateKey,
  setDisabled,
  visibleArcades,
} from './venues';

const tags = ['admin'];
const admin = { access: { role: 'admin' as const } };
const staffOfArcade = { access: { role: 'staff' as const, arcade: arcadeParam() } };

/** Arcades and their devices, under the operator guard (routes.ts). */
export function venueRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/arcades', {
    config: { access: { role: 'staff' } },
    schema: {
      tags,
      summary: 'The arcades the operator runs (admins: all, retired ones too)',
      response: { 200: adminArcadesSchema },
    },
    handler: async (request) => ({ arcades: await visibleArcades(app.db, operatorOf(request)) }),
  });

  app.post('/admin/arcades', {
    config: admin,
    schema: {
      tags,
      summary: 'Creates an arcade (admins)',
      body: arcadeCreateSchema,
      response: { 201: adminArcadeSchema },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createArcade(app.db, operatorOf(request), request.body)),
  });

  app.patch('/admin/arcades/:arcadeId', {
    config: staffOfArcade,
    schema: {
      tags,
      summary: 'Edits name, city, address, opening hours (staff of it, admins)',
      params: adminArcadeParamsSchema,
      body: arcadeUpdateSchema,
      response: { 200: adminArcadeSchema },
    },
    handler: async (request) =>
      editArcade(app.db, operatorOf(request), request.params.arcadeId, request.body),
  });

  app.post('/admin/arcades/:arcadeId/retire', {
    config: admin,
    schema: {
      tags,
      summary: 'Retires an arcade: it leaves the public list, its history stays (admins)',
      params: adminArcadeParamsSchema,
      response: { 200: adminArcadeSchema },
    },
    handler: async (request) => retireArcade(app.db, operatorOf(request), request.params.arcadeId),
  });

  app.get('/admin/arcades/:arcadeId/devices', {
    config: staffOfArcade,
    schema: {
      tags,
      summary: 'The devices of an arcade: online, last heartbeat, who is on them',
      params: adminArcadeParamsSchema,
      response: { 200: adminDevicesSchema },
    },
    handler: async (request) => ({ devices: await adminDevices(app.db, request.params.arcadeId) }),
  });

  app.post('/admin/arcades/:arcadeId/devices', {
    config: staffOfArcade,
    schema: {
      tags,
      summary: 'Creates a device; its key is answered this once',
      params: adminArcadeParamsSchema,
      body: deviceCreateSchema,
      response: { 201: deviceWithKeySchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply
        .code(201)
        .send(
          await createDevice(app.db, operatorOf(request), request.params.arcadeId, request.body),
        );
    },
  });

  app.patch('/admin/arcades/:arcadeId/devices/:deviceId', {
    config: staffOfArcade,
    schema: {
      tags,
      summary: 'Renames a device (409 device_name_taken when another device of the arcade has it)',
      params: adminDeviceParamsSchema,
      body: deviceRenameSchema,
      response: { 200: adminDeviceSchema },
    },
    handler: async (request) => {
      const { arcadeId, deviceId } = request.params;
      return renameDevice(app.db, operatorOf(request), arcadeId, deviceId, request.body);
    },
  });

  app.post('/admin/arcades/:arcadeId/devices/:deviceId/rotate-key', {
    config: staffOfArcade,
    schema: {
      tags,
      summary: 'A new key for a device (answered this once); the old one stops working',
      params: adminDeviceParamsSchema,
      response: { 200: deviceWithKeySchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { arcadeId, deviceId } = request.params;
      return rotateKey(app.db, operatorOf(request), arcadeId, deviceId);
    },
  });

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const)
    app.post(`/admin/arcades/:arcadeId/devices/:deviceId/${action}`, {
      config: staffOfArcade,
      schema: {
        tags,
        summary: disabled
          ? 'Disables a device: its key is refused until enabled'
          : 'Enables a disabled device',
        params: adminDeviceParamsSchema,
        response: { 200: adminDeviceSchema },
      },
      handler: async (request) => {
        const { arcadeId, deviceId } = request.params;
        return setDisabled(app.db, operatorOf(request), arcadeId, deviceId, disabled);
      },
    });

  app.delete('/admin/arcades/:arcadeId/devices/:deviceId/players/:userId', {
    config: staffOfArcade,
    schema: {
      tags,
      summary: 'Takes a player off a device',
      params: adminKickParamsSchema,
      response: { 200: adminDeviceSchema },
    },
    handler: async (request) => {
      const { arcadeId, deviceId, userId } = request.params;
      return kick(app.db, operatorOf(request), arcadeId, deviceId, userId);
    },
  });
}
