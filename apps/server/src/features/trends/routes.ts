import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, trendsQuerySchema, trendsSchema } from '@arcadia/contracts';
import { visibleProfileFor } from '../users';
import { playerTrends } from './service';

const idParams = z.object({ id: z.uuid({ message: 'id must be a user id' }).toLowerCase() });

/**
 * GET /api/user/{id}/trends: a player's statistics per week and rating per game. Authorized as
 * the profile (`/api/user/{id}/details`): any signed-in player may read the trends of a player
 * whose profile they may see (docs/privacy.md "Visibility").
 */
export const trendRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get('/user/:id/trends', {
    schema: {
      tags: ['users'],
      summary: 'A player’s statistics over time (per week) and skill rating after each game',
      params: idParams,
      querystring: trendsQuerySchema,
      response: {
        200: trendsSchema,
        400: apiErrorSchema,
        401: apiErrorSchema,
        403: apiErrorSchema,
        404: apiErrorSchema,
      },
    },
    handler: async (request) => {
      // As the profile: 403 profile_private / profile_friends_only when it is hidden.
      await visibleProfileFor(db, request.params.id, request.auth);
      return playerTrends(db, request.params.id, request.query);
    },
  });
};
