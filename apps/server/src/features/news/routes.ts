import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  assetParamsSchema,
  imageQuerySchema,
  newsEntrySchema,
  newsListSchema,
  newsQuerySchema,
  newsSlugParamsSchema,
} from '@arcadia/contracts';
import { ImageVariants } from './images';
import { newsEntry, newsList } from './service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** True when an If-None-Match header names this ETag (weak comparison, as RFC 9110 says). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The built-in content service: news in German and English, and their header images. */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const images = new ImageVariants(db, path.join(app.config.dataDir, 'cache', 'images'));

  app.get('/news', {
    config: { scope: 'public' },
    schema: {
      tags: ['news'],
      summary: 'All news articles, newest first (German unless locale=en)',
      querystring: newsQuerySchema,
      response: { 200: newsListSchema, ...errors },
    },
    handler: async (request) => newsList(db, request.query.locale),
  });

  app.get('/news/:slug', {
    config: { scope: 'public' },
    schema: {
      tags: ['news'],
      summary: 'One news article by its slug',
      params: newsSlugParamsSchema,
      querystring: newsQuerySchema,
      response: { 200: newsEntrySchema, ...errors },
    },
    handler: async (request) => newsEntry(db, request.params.slug, request.query.locale),
  });

  app.get('/assets/:id/:fileName', {
    config: { scope: 'public' },
    schema: {
      tags: ['news'],
      summary: 'An image, transformed as asked (fm=jpg|png|webp, fl=progressive, q=1..100, w)',
      params: assetParamsSchema,
      querystring: imageQuerySchema,
      response: errors,
    },
    handler: async (request, typedReply) => {
      // The image is bytes, not JSON: the reply is not bound to the error schemas here.
      const reply = typedReply as FastifyReply;
      const image = await images.get(request.params.id, request.params.fileName, request.query);
      reply
        .header('etag', image.etag)
        .header('cache-control', IMMUTABLE)
        // Images may be shown by the native shell, whose origin is not ours.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (matches(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
      return reply.type(image.contentType).send(image.data);
    },
  });
};
