import { isDatabaseUnavailable } from '../../db/connection-errors';
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
import { componentLog } from '../../plugins/logging';
import { ContentfulNews } from './contentful';
import { releaseDueNews } from './editorial';
import { ImageVariants, ImageVariantsBusy } from './images';
import { unavailable } from '../../plugins/errors';
import { perClientAdmission } from '../../plugins/limits';
import { newsEntry, newsList } from './service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** True when an If-None-Match header names this ETag (weak comparison, as RFC 9110 says). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** New image variants (sizes, qualities, formats not made before) one client address may ask for a minute. */
export const IMAGE_VARIANTS_PER_CLIENT = { max: 30 } as const;

/** How often the server looks for articles whose publish date has come, to announce them. */
export const RELEASE_INTERVAL_MS = 60_000;

/**
 * The news: from the built-in content service (German and English articles and their header
 * images), or from Contentful's delivery API when it is configured (contentful.ts).
 */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const images = new ImageVariants(db, path.join(app.config.dataDir, 'cache', 'images'));
  // Making a variant costs CPU and anyone may ask for any width and quality: a client's new
  // variants are counted (cached ones are not), so one client cannot keep the cores busy or
  // push the variants players use out of the cache (images.ts bounds them all).
  const admitVariant = perClientAdmission(
    app.limits,
    'image-variants',
    IMAGE_VARIANTS_PER_CLIENT.max,
    'new image variants',
  );
  const log = componentLog(app, 'news');
  const contentful = app.config.contentful
    ? new ContentfulNews(app.config.contentful, {
        onStale: (error) => log.warn({ err: error }, 'Contentful failed: serving cached news'),
      })
    : undefined;

  if (!contentful) {
    // An article published with a date to come is announced (push) once that date has come.
    const release = () =>
      releaseDueNews(db, app.events).then(
        (count) => count > 0 && log.info({ count }, 'announced news whose date has come'),
        (error: unknown) =>
          // PostgreSQL restarting: a warning, the next round announces them.
          log[isDatabaseUnavailable(error) ? 'warn' : 'error'](
            { err: error },
            'announcing due news failed',
          ),
      );
    const timer = setInterval(() => void release(), RELEASE_INTERVAL_MS).unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  app.get('/news', {
    config: { scope: 'public' },
    schema: {
      tags: ['news'],
      summary: 'All news articles, newest first (German unless locale=en)',
      querystring: newsQuerySchema,
      response: { 200: newsListSchema, ...errors },
    },
    handler: async (request) =>
      contentful ? contentful.list(request.query.locale) : newsList(db, request.query.locale),
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
    handler: async (request) =>
      contentful
        ? contentful.entry(request.params.slug, request.query.locale)
        : newsEntry(db, request.params.slug, request.query.locale),
  });

  app.get('/assets/:id/:fileName', {
    config: { scope: 'public' },
    schema: {
      tags: ['news'],
      summary: 'An image, transformed as asked (fm=jpg|png|webp, fl=progressive, q=1..100, w)',
      description:
        `A variant not made yet counts against ${IMAGE_VARIANTS_PER_CLIENT.max} per client ` +
        'address a minute (429); while too many are being made, 503 image_busy with Retry-After.',
      params: assetParamsSchema,
      querystring: imageQuerySchema,
      response: { ...errors, 429: apiErrorSchema, 503: apiErrorSchema },
    },
    handler: async (request, typedReply) => {
      // The image is bytes, not JSON: the reply is not bound to the error schemas here.
      const reply = typedReply as FastifyReply;
      let image;
      try {
        image = await images.get(request.params.id, request.params.fileName, request.query, () =>
          admitVariant(request.ip),
        );
      } catch (error) {
        if (error instanceof ImageVariantsBusy) throw unavailable('image_busy', error.message, 2);
        throw error;
      }
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
