import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { achievementsSchema, apiErrorSchema } from '@arcadia/contracts';
import { playerAchievements } from './service';

const idParams = z.object({ id: z.uuid({ message: 'id must be a user id' }) });

/**
 * GET /api/user/{id}/achievements: a player's unlocked achievements and the progress of the
 * locked ones. Authorized as the profile (`/api/user/{id}/details`): any signed-in player may
 * read any player's.
 */
export const achievementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get('/user/:id/achievements', {
    schema: {
      tags: ['users'],
      summary: 'A player’s achievements: the unlocked ones and the progress of the locked ones',
      params: idParams,
      response: {
        200: achievementsSchema,
        400: apiErrorSchema,
        401: apiErrorSchema,
        403: apiErrorSchema,
        404: apiErrorSchema,
      },
    },
    handler: async (request) => playerAchievements(db, request.params.id),
  });
};
