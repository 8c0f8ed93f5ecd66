import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@arcadia/contracts';
import { withTimeout } from './timeout';

/**
 * How long readiness waits for the database: a connection the network dropped without a reset
 * never answers, and a probe that hangs keeps the proxy sending players to this process.
 */
export const READY_PING_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Probes must see the truth: never shed as overloaded (plugins/overload.ts).
  app.get('/health', {
    config: { scope: 'public', shed: false },
    schema: {
      tags: ['health'],
      summary: 'Liveness',
      response: { 200: z.object({ status: z.literal('ok') }) },
    },
    handler: async () => ({ status: 'ok' as const }),
  });
  app.get('/ready', {
    config: { scope: 'public', shed: false },
    schema: {
      tags: ['health'],
      summary: 'Readiness: the database answers',
      response: {
        200: z.object({ status: z.literal('ready'), database: z.string() }),
        503: apiErrorSchema,
      },
    },
    handler: async (_request, reply) => {
      try {
        await withTimeout(app.database.ping(), READY_PING_TIMEOUT_MS);
        return { status: 'ready' as const, database: app.database.kind };
      } catch {
        // The pool opens a new connection on the next ping: ready again as soon as it answers.
        return reply
          .code(503)
          .header('retry-after', '1')
          .send({ error: { code: 'not_ready', message: 'The database does not answer' } });
      }
    },
  });
};
