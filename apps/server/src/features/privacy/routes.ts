import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, DATA_EXPORT_LIMIT, dataExportQuerySchema } from '@arcadia/contracts';
import { requireAuth } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { buildExport } from './service';
import { catalogueNames } from './repository';
import { renderSummary } from './summary';

/**
 * GET /api/me/export: the signed-in player's data as a download — the whole JSON document, or
 * (`format=html`) its readable summary. Own data only (the token's subject); a few per hour.
 */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const perPlayer = app.limits.limiter('data-export', {
    max: DATA_EXPORT_LIMIT.max,
    windowMs: DATA_EXPORT_LIMIT.windowMinutes * 60_000,
  });

  app.get('/me/export', {
    schema: {
      tags: ['privacy'],
      summary: 'Download everything Arcadia holds about the caller (JSON, or an HTML summary)',
      description: `At most ${DATA_EXPORT_LIMIT.max} per ${DATA_EXPORT_LIMIT.windowMinutes} minutes; 429 with Retry-After after that.`,
      querystring: dataExportQuerySchema,
      response: { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const { sub } = requireAuth(request);
      const limit = await perPlayer.hit(sub);
      if (limit.limited)
        throw new AppError(
          429,
          'rate_limited',
          `At most ${DATA_EXPORT_LIMIT.max} exports per ${DATA_EXPORT_LIMIT.windowMinutes} minutes`,
          undefined,
          limit.retryAfterSeconds,
        );
      const data = await buildExport(db, sub);
      const date = data.generatedAt.slice(0, 10);
      const { format } = request.query;
      const lang = request.query.lang ?? data.profile?.language ?? data.account?.language ?? 'de';
      reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="arcadia-data-${date}.${format === 'html' ? 'html' : 'json'}"`,
        );
      return format === 'html'
        ? download(
            reply,
            'text/html',
            renderSummary(data, lang === 'en' ? 'en' : 'de', await catalogueNames(db)),
          )
        : download(reply, 'application/json', JSON.stringify(data, null, 2));
    },
  });
};

/** Sends the built file (the route's schemas describe its errors; the file is its own format). */
function download(reply: FastifyReply, type: string, body: string): FastifyReply {
  return reply.type(`${type}; charset=utf-8`).send(body);
}
