import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { achievementsSchema, apiErrorSchema } from '@arcadia/contracts';
import { visibleProfileFor } from '../users';
import { playerAchievements } from './service';

const idParams = z.object({ id: z.uuid({ message: 'id must be a user id' }).toLowerCase() });

/**
 * GET /api/user/{id}/achievements: a player's unlocked achievements and the progress of the
 * locked ones. Authorized as the profile (`/api/user/{id}/details`): 403 profile_private /
 * profile_friends_only when the profile is hidden from the viewer (the unlock times tell when and
 * where a player played).
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
    handler: async (request) => {
      await visibleProfileFor(db, request.params.id, request.auth);
      return playerAchievements(db, request.params.id);
    },
  });
};
