import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@arcadia/contracts';
import { withTimeout } from './timeout';

/**
 * How long readiness waits for the database: a connection the network dropped without a reset
 * never answers, and a probe that hangs keeps the proxy sending players to this process.
 */
export const READY_PING_TIMEOUT_MS = 2000;

/** Not ready for this long after a write failed for a full disk. */
export const STORAGE_FULL_NOT_READY_MS = 10_000;

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
      summary: 'Readiness: the database answers, and no write failed for a full disk just now',
      response: {
        200: z.object({ status: z.literal('ready'), database: z.string() }),
        503: apiErrorSchema,
      },
    },
    handler: async (_request, reply) => {
      // A full disk (PGlite's data directory, PostgreSQL's) still answers reads and pings: a
      // load balancer must hear from the writes that failed (plugins/errors.ts) to send its
      // players elsewhere. Ready again STORAGE_FULL_NOT_READY_MS after the last such failure.
      if (Date.now() - app.storage.fullAt < STORAGE_FULL_NOT_READY_MS)
        return reply
          .code(503)
          .header('retry-after', String(Math.ceil(STORAGE_FULL_NOT_READY_MS / 1000)))
          .send({
            error: { code: 'not_ready', message: 'The database disk is full: writes fail' },
          });
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
