import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminArcadeParamsSchema,
  adminGameSchema,
  adminGameSlotParamsSchema,
  adminGamesPageSchema,
  adminGamesParamsSchema,
  adminGamesQuerySchema,
  gameAssignRequestSchema,
  gameVoidRequestSchema,
} from '@arcadia/contracts';
import { arcadeParam, operatorOf } from './access';
import { assignSlot, gameDetails, gamesOfDay, voidGame } from './games';

const tags = ['admin'];
const staffOfArcade = { access: { role: 'staff' as const, arcade: arcadeParam() } };

/** The games an arcade has stored: read, void, give a guest's result (routes.ts). */
export function gameRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/arcades/:arcadeId/games', {
    config: staffOfArcade,
    schema: {
      tags,
      summary:
        'The games of an arcade on one day (Europe/Berlin, default today), newest first, with their first players',
      params: adminArcadeParamsSchema,
      querystring: adminGamesQuerySchema,
      response: { 200: adminGamesPageSchema },
    },
    handler: async (request) => gamesOfDay(app.db, request.params.arcadeId, request.query),
  });

  app.get('/admin/arcades/:arcadeId/games/:gameId', {
    config: staffOfArcade,
    schema: {
      tags,
      summary: 'One game of the arcade: teams, every player slot, whether it is voided',
      params: adminGamesParamsSchema,
      response: { 200: adminGameSchema },
    },
    handler: async (request) => gameDetails(app.db, request.params.arcadeId, request.params.gameId),
  });

  app.post('/admin/arcades/:arcadeId/games/:gameId/void', {
    config: staffOfArcade,
    schema: {
      tags,
      summary:
        'Voids a game: it leaves statistics, leaderboards and histories (409 when voided already)',
      params: adminGamesParamsSchema,
      body: gameVoidRequestSchema,
      response: { 200: adminGameSchema },
    },
    handler: async (request) => {
      const { arcadeId, gameId } = request.params;
      return voidGame(
        app.db,
        app.events,
        operatorOf(request),
        arcadeId,
        gameId,
        request.body.reason,
      );
    },
  });

  app.post('/admin/arcades/:arcadeId/games/:gameId/slots/:slotId/assign', {
    config: staffOfArcade,
    schema: {
      tags,
      summary: "Gives a guest's result to a registered player not in the game, with statistics",
      params: adminGameSlotParamsSchema,
      body: gameAssignRequestSchema,
      response: { 200: adminGameSchema },
    },
    handler: async (request) => {
      const { arcadeId, gameId, slotId } = request.params;
      const { userId } = request.body;
      return assignSlot(app.db, app.events, operatorOf(request), arcadeId, gameId, slotId, userId);
    },
  });
}
