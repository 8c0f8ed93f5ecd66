import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminApplicationParamsSchema,
  adminApplicationSchema,
  adminApplicationsSchema,
  adminMapParamsSchema,
  adminMapSchema,
  adminMapsSchema,
  adminModeParamsSchema,
  adminModeSchema,
  applicationCreateSchema,
  applicationUpdateSchema,
  mapCreateSchema,
  mapUpdateSchema,
  modeCreateSchema,
  modeUpdateSchema,
} from '@arcadia/contracts';
import { allApplications, allMaps } from '../games';
import { operatorOf } from './access';
import { addMap, editMap, setMapRetired } from './catalogue';
import {
  addApplication,
  addMode,
  editApplication,
  editMode,
  setModeRetired,
} from './catalogue-applications';

const tags = ['admin'];

/**
 * The game catalogue (applications, their modes, maps), under the operator guard (routes.ts):
 * admins edit, staff read. docs/operator-console.md.
 */
export function catalogueRoutes(parent: FastifyInstance): void {
  mapRoutes(parent);
  applicationRoutes(parent);
}

function mapRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/maps', {
    config: { access: { role: 'staff' } },
    schema: {
      tags,
      summary: 'Every map of every game, retired ones too',
      response: { 200: adminMapsSchema },
    },
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

  for (const [verb, retired] of [
    ['retire', true],
    ['unretire', false],
  ] as const) {
    app.post(`/admin/maps/:mapId/${verb}`, {
      config: { access: { role: 'admin' } },
      schema: {
        tags,
        summary: retired
          ? 'Retires a map: it leaves the overview, new reports on it are refused (admins)'
          : 'Puts a retired map back in play (admins)',
        params: adminMapParamsSchema,
        response: { 200: adminMapSchema },
      },
      handler: async (request) =>
        setMapRetired(app.db, operatorOf(request), request.params.mapId, retired),
    });
  }
}

function applicationRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/applications', {
    config: { access: { role: 'staff' } },
    schema: {
      tags,
      summary: 'Every game of the catalogue with every mode, retired ones too',
      response: { 200: adminApplicationsSchema },
    },
    handler: async () => ({ applications: await allApplications(app.db) }),
  });

  app.post('/admin/applications', {
    config: { access: { role: 'admin' } },
    schema: {
      tags,
      summary: 'Adds a game to the catalogue, without modes (admins)',
      body: applicationCreateSchema,
      response: { 201: adminApplicationSchema },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await addApplication(app.db, operatorOf(request), request.body)),
  });

  app.patch('/admin/applications/:applicationId', {
    config: { access: { role: 'admin' } },
    schema: {
      tags,
      summary: 'Renames a game, changes its description or icon (admins)',
      params: adminApplicationParamsSchema,
      body: applicationUpdateSchema,
      response: { 200: adminApplicationSchema },
    },
    handler: async (request) =>
      editApplication(app.db, operatorOf(request), request.params.applicationId, request.body),
  });

  app.post('/admin/applications/:applicationId/modes', {
    config: { access: { role: 'admin' } },
    schema: {
      tags,
      summary: 'Lets a game offer one of the rule sets as a mode (admins)',
      params: adminApplicationParamsSchema,
      body: modeCreateSchema,
      response: { 201: adminModeSchema },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await addMode(app.db, operatorOf(request), request.params.applicationId, request.body),
        ),
  });

  app.patch('/admin/applications/:applicationId/modes/:modeId', {
    config: { access: { role: 'admin' } },
    schema: {
      tags,
      summary: 'Renames, explains, orders or changes the icon of a mode (admins)',
      params: adminModeParamsSchema,
      body: modeUpdateSchema,
      response: { 200: adminModeSchema },
    },
    handler: async (request) =>
      editMode(
        app.db,
        operatorOf(request),
        request.params.applicationId,
        request.params.modeId,
        request.body,
      ),
  });

  for (const [verb, retired] of [
    ['retire', true],
    ['unretire', false],
  ] as const) {
    app.post(`/admin/applications/:applicationId/modes/:modeId/${verb}`, {
      config: { access: { role: 'admin' } },
      schema: {
        tags,
        summary: retired
          ? 'Retires a mode: it leaves the overview, new reports in it are refused (admins)'
          : 'Puts a retired mode back in play (admins)',
        params: adminModeParamsSchema,
        response: { 200: adminModeSchema },
      },
      handler: async (request) =>
        setModeRetired(
          app.db,
          operatorOf(request),
          request.params.applicationId,
          request.params.modeId,
          retired,
        ),
    });
  }
}
