import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminArcadeParamsSchema,
  adminFindPlayersQuerySchema,
  adminPlayerParamsSchema,
  adminPlayerSchema,
  adminPlayersPageSchema,
  adminPlayersQuerySchema,
  adminRenameSchema,
  adminSuspendSchema,
  adminVisitCreateSchema,
  adminVisitSchema,
  adminVisitsPageSchema,
  adminVisitsQuerySchema,
  okSchema,
  searchResultSchema,
} from '@arcadia/contracts';
import { VacuumQueue } from '../../db/vacuum';
import { matchImagesDir } from '../games';
import { arcadeParam, operatorOf } from './access';
import {
  deletePlayer,
  playerDetails,
  playerPicks,
  playersPage,
  renamePlayer,
  suspendPlayer,
  unsuspendPlayer,
} from './players';
import { recordArcadeVisit, visitsOfDay } from './visits';

const tags = ['admin'];
const admin = { access: { role: 'admin' as const } };
const staff = { access: { role: 'staff' as const } };
const staffOfArcade = { access: { role: 'staff' as const, arcade: arcadeParam() } };

/** Players and an arcade's visits, under the operator guard (routes.ts). */
export function playerRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const vacuum = new VacuumQueue(app.db, (table, error) =>
    app.log.warn({ err: error, table }, 'VACUUM after a deletion failed'),
  );
  app.addHook('onClose', () => vacuum.idle());

  app.get('/admin/players', {
    config: staff,
    schema: {
      tags,
      summary: 'Searches players by user name (admins: all; staff: those of their arcades)',
      querystring: adminPlayersQuerySchema,
      response: { 200: adminPlayersPageSchema },
    },
    handler: async (request) => playersPage(app.db, operatorOf(request), request.query),
  });

  app.get('/admin/players/find', {
    config: staff,
    schema: {
      tags,
      summary:
        "The console's player picker: players by name whatever their profile's visibility (admins: all; staff: those of their arcades and those the public search shows them)",
      querystring: adminFindPlayersQuerySchema,
      response: { 200: searchResultSchema },
    },
    handler: async (request) => playerPicks(app.db, operatorOf(request), request.query),
  });

  app.get('/admin/players/:id', {
    config: staff,
    schema: {
      tags,
      summary: 'One player: profile, status and recent games (e-mail for admins only)',
      params: adminPlayerParamsSchema,
      response: { 200: adminPlayerSchema },
    },
    handler: async (request) => playerDetails(app.db, operatorOf(request), request.params.id),
  });

  app.put('/admin/players/:id/name', {
    config: admin,
    schema: {
      tags,
      summary: 'Renames a player (the rules of registration); admins, audited',
      params: adminPlayerParamsSchema,
      body: adminRenameSchema,
      response: { 200: adminPlayerSchema },
    },
    handler: async (request) =>
      renamePlayer(
        app.db,
        operatorOf(request),
        request.params.id,
        request.body,
        matchImagesDir(app.config),
      ),
  });

  app.post('/admin/players/:id/suspend', {
    config: admin,
    schema: {
      tags,
      summary: 'Suspends a player: no sign-in, tokens refused, off their device; admins, audited',
      params: adminPlayerParamsSchema,
      body: adminSuspendSchema,
      response: { 200: adminPlayerSchema },
    },
    handler: async (request) => {
      const { player, identitySub } = await suspendPlayer(
        app.db,
        operatorOf(request),
        request.params.id,
        request.body,
      );
      // Committed: this process drops the player's cached tokens now (the others on the NOTIFY).
      if (identitySub) app.forgetAccount(identitySub);
      return player;
    },
  });

  app.post('/admin/players/:id/unsuspend', {
    config: admin,
    schema: {
      tags,
      summary: 'Lifts a suspension; admins, audited',
      params: adminPlayerParamsSchema,
      response: { 200: adminPlayerSchema },
    },
    handler: async (request) => unsuspendPlayer(app.db, operatorOf(request), request.params.id),
  });

  app.delete('/admin/players/:id', {
    config: admin,
    schema: {
      tags,
      summary: "Deletes a player and their personal data (the player's own deletion); admins",
      params: adminPlayerParamsSchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      const deleted = await deletePlayer(
        app.db,
        app.events,
        operatorOf(request),
        request.params.id,
      );
      // As after the player's own deletion (users/routes.ts): tokens, files, then VACUUM.
      if (deleted.identitySub) app.forgetAccount(deleted.identitySub);
      await deleted
        .afterCommit()
        .catch((error: unknown) =>
          request.log.error({ err: error }, 'clean-up after a deletion failed'),
        );
      vacuum.request(deleted.vacuum);
      return { success: true as const };
    },
  });

  app.get('/admin/arcades/:arcadeId/visits', {
    config: staffOfArcade,
    schema: {
      tags,
      summary: 'The visits of an arcade on one day (Europe/Berlin), newest first',
      params: adminArcadeParamsSchema,
      querystring: adminVisitsQuerySchema,
      response: { 200: adminVisitsPageSchema },
    },
    handler: async (request) => visitsOfDay(app.db, request.params.arcadeId, request.query),
  });

  app.post('/admin/arcades/:arcadeId/visits', {
    config: staffOfArcade,
    schema: {
      tags,
      summary: 'Records that a player visited the arcade (now); audited',
      params: adminArcadeParamsSchema,
      body: adminVisitCreateSchema,
      response: { 201: adminVisitSchema },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await recordArcadeVisit(
            app.db,
            operatorOf(request),
            request.params.arcadeId,
            request.body,
          ),
        ),
  });
}
