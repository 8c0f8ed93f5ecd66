import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  gamesOverviewSchema,
  leaderboardParamsSchema,
  matchHistoryPageSchema,
  matchImageQuerySchema,
  matchParamsSchema,
  matchSchema,
  matchHistoryQuerySchema,
} from '@arcadia/contracts';
import type { FastifyReply } from 'fastify';
import { AppError, unavailable } from '../../plugins/errors';
import { currentUser, viewerOf, visibleProfile } from '../users';
import { matchHistoryPage } from './history';
import { matchById } from './match';
import { gamesOverview } from './overview';
import { MatchImages, MatchImagesBusy, matchImagesDir } from './share/cache';
import { perClientAdmission } from '../../plugins/limits';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** Share images not drawn yet that one client address may ask for per minute. */
export const IMAGE_DRAWS_PER_CLIENT = { max: 30 } as const;

export const gameRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const images = new MatchImages(matchImagesDir(app.config));
  // Drawing costs CPU and anyone may ask: a client's first views are counted (cached images
  // are not), so one client cannot keep the processes drawing (share/cache.ts bounds them all).
  const admitDrawing = perClientAdmission(
    app.limits,
    'share-image-draws',
    IMAGE_DRAWS_PER_CLIENT.max,
    'new share images',
  );
  // Images a crash kept from their clean-up (a deleted or hidden player's name) go at start, in
  // the background: the answers do not wait for it.
  app.addHook('onReady', async () => {
    void images
      .sweep((id) => matchById(db, id, null).catch(() => null))
      .then((removed) => {
        if (removed > 0) app.log.info({ removed }, 'stale share images removed');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'share image sweep failed'));
  });

  app.get('/user/:id/games', {
    config: { scope: 'read:games' },
    schema: {
      tags: ['games'],
      summary: 'A player’s match history, newest first, paged',
      params: z.object({ id: z.uuid({ message: 'id must be a user id' }).toLowerCase() }),
      querystring: matchHistoryQuerySchema.extend({
        page: z.coerce.number().int().min(1).max(500).default(1),
      }),
      response: { 200: matchHistoryPageSchema, ...errors },
    },
    handler: async (request) => {
      const viewer = await viewerOf(db, request.auth);
      const user = await visibleProfile(db, request.params.id, viewer);
      return matchHistoryPage(db, user.id, viewer, request.query.page);
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

  app.get('/matches/:id', {
    config: { scope: 'public' },
    schema: {
      tags: ['games'],
      summary: 'One game for its public page: teams, players (guests by name, deleted anonymised)',
      description:
        'A player whose profile is hidden from the viewer (docs/privacy.md) is kind hidden, named Spieler, without an id.',
      params: matchParamsSchema,
      response: { 200: matchSchema, ...errors },
    },
    handler: async (request) => matchById(db, request.params.id, await viewerOf(db, request.auth)),
  });

  app.get('/matches/:id/image.png', {
    config: { scope: 'public' },
    schema: {
      tags: ['games'],
      summary: 'The share image of a game (1200×630 PNG), rendered once and then cached',
      description:
        'In German, or in English with ?lang=en. An image not drawn yet counts against ' +
        `${IMAGE_DRAWS_PER_CLIENT.max} such first views per client address a minute (429); ` +
        'while too many are being drawn, 503 share_image_busy with Retry-After.',
      params: matchParamsSchema,
      querystring: matchImageQuerySchema,
      response: {
        400: apiErrorSchema,
        404: apiErrorSchema,
        429: apiErrorSchema,
        503: apiErrorSchema,
      },
    },
    handler: async (request, typedReply) => {
      // The image is bytes, not JSON: the reply is not bound to the error schemas here.
      const reply = typedReply as FastifyReply;
      // Shared with anyone: the anonymous view (only 'everyone' profiles by name). The cache
      // key hashes what is shown, so a visibility change gets a new image (and the settings
      // change removes the player's old ones, share/cache.ts).
      const match = await matchById(db, request.params.id, null);
      const etag = `"${images.keyOf(match, request.query.lang)}"`;
      reply
        .header('ETag', etag)
        // Asked again each time (a 304 by the ETag): a player who hides or deletes their
        // profile must not stay in shared caches for an hour.
        .header('Cache-Control', 'public, no-cache')
        // Previews are fetched by other sites' crawlers and shown by the native shell.
        .header('Cross-Origin-Resource-Policy', 'cross-origin');
      // The tag is what the image shows: a client holding it needs neither file nor drawing.
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      let image;
      try {
        image = await images.get(
          match,
          request.query.lang,
          () => matchById(db, request.params.id, null).catch(() => null),
          () => admitDrawing(request.ip),
        );
      } catch (error) {
        if (error instanceof MatchImagesBusy)
          throw unavailable('share_image_busy', error.message, 2);
        throw error;
      }
      reply.header('X-Image-Cache', image.cached ? 'hit' : 'miss');
      return reply.type('image/png').send(image.data);
    },
  });
};
