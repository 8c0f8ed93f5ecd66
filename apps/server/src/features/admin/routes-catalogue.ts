import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMapParamsSchema,
  adminMapSchema,
  adminMapsSchema,
  mapCreateSchema,
  mapUpdateSchema,
} from '@arcadia/contracts';
import { allMaps } from '../games';
import { operatorOf } from './access';
import { addMap, editMap } from './catalogue';

const tags = ['admin'];

/** The game catalogue's maps, under the operator guard (routes.ts): admins edit, staff read. */
export function catalogueRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/maps', {
    config: { access: { role: 'staff' } },
    schema: { tags, summary: 'Every map of every game', response: { 200: adminMapsSchema } },
    handler: async () => ({ maps: await allMaps(app.db) }),
  });

  app.post('/admin/maps', {
    config: { access: { role: 'admin' } },
    schema: {
      tags,
      summary: 'Adds a map devices may report games on (admins)',
      body: mapCreateSchema,
      response: { 201: adminMapSchema },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await addMap(app.db, operatorOf(request), request.body)),
  });

  app.patch('/admin/maps/:mapId', {
    config: { access: { role: 'admin' } },
    schema: {
      tags,
      summary: 'Renames a map or changes its icon (admins)',
      params: adminMapParamsSchema,
      body: mapUpdateSchema,
      response: { 200: adminMapSchema },
    },
    handler: async (request) =>
      editMap(app.db, operatorOf(request), request.params.mapId, request.body),
  });
}
