import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  recordVisitSchema,
  visitSchema,
  visitsResponseSchema,
} from '@arcadia/contracts';
import { requireAuth } from '../../plugins/auth';
import { recentVisits, recordVisit } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

export const visitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post('/visits', {
    config: { scope: 'read:visits' },
    schema: {
      tags: ['visits'],
      summary: 'Record meeting another player by scanning their user card',
      body: recordVisitSchema,
      response: { 201: visitSchema, ...errors },
    },
    handler: async (request, reply) => {
      const visit = await recordVisit(db, requireAuth(request).sub, request.body);
      return reply.code(201).send(visit);
    },
  });

  app.get('/visits', {
    config: { scope: 'read:visits' },
    schema: {
      tags: ['visits'],
      summary: 'The players the caller met recently, each once, newest first',
      response: { 200: visitsResponseSchema, ...errors },
    },
    handler: async (request) => ({ visits: await recentVisits(db, requireAuth(request).sub) }),
  });
};
