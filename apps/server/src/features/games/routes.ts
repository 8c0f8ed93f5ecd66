import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  gamesOverviewSchema,
  leaderboardParamsSchema,
  matchHistoryPageSchema,
  matchHistoryQuerySchema,
} from '@arcadia/contracts';
import { AppError } from '../../plugins/errors';
import { currentUser, userById } from '../users';
import { matchHistoryPage } from './history';
import { gamesOverview } from './overview';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

export const gameRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get('/user/:id/games', {
    config: { scope: 'read:games' },
    schema: {
      tags: ['games'],
      summary: 'A player’s match history, newest first, paged',
      params: z.object({ id: z.uuid({ message: 'id must be a user id' }) }),
      querystring: matchHistoryQuerySchema.extend({
        page: z.coerce.number().int().min(1).max(500).default(1),
      }),
      response: { 200: matchHistoryPageSchema, ...errors },
    },
    handler: async (request) => {
      const user = await userById(db, request.params.id);
      return matchHistoryPage(db, user.id, request.query.page);
    },
  });

  app.get('/games/:applicationId', {
    config: { scope: 'public' },
    schema: {
      tags: ['games'],
      summary: 'The game: its modes, maps, and (signed in) the player’s best results per mode',
      params: leaderboardParamsSchema,
      response: { 200: gamesOverviewSchema, ...errors },
    },
    handler: async (request) => {
      let userId: string | null = null;
      if (request.auth) {
        try {
          userId = (await currentUser(db, request.auth.sub)).id;
        } catch (error) {
          // Signed in but not registered yet: the overview without personal results.
          if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
        }
      }
      return gamesOverview(db, request.params.applicationId, userId);
    },
  });
};
