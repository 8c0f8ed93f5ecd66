import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { arcadesResponseSchema } from '@arcadia/contracts';
import { listArcades } from './repository';

/** The venues, for choosing one (leaderboard scope, visits). Public: nothing personal. */
export const arcadeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/arcades', {
    config: { scope: 'public' },
    schema: {
      tags: ['arcades'],
      summary: 'Every arcade',
      response: { 200: arcadesResponseSchema },
    },
    handler: async () => ({
      arcades: (await listArcades(app.db)).map(({ id, name, city }) => ({ id, name, city })),
    }),
  });
};
