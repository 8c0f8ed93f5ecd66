import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  currentDeviceSchema,
  okSchema,
  playDeviceParamsSchema,
  playingDeviceSchema,
  startPlayBodySchema,
  stopPlayParamsSchema,
} from '@arcadia/contracts';
import { requireAuth } from '../../plugins/auth';
import { depthCheckedJson } from '../../plugins/input-hygiene';
import { currentDevice, startPlaying, stopPlaying } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** The play calls of spec §7 at exactly their paths (scope read:arcade). */
export const playRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // The start call's body is `{ mail: "" }` or nothing at all, also with a JSON content type.
  const json = depthCheckedJson(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else void json(request, body.toString(), done);
  });

  app.post('/v2/arcadecenter/:arcade/device/:id/player', {
    config: { scope: 'read:arcade' },
    schema: {
      tags: ['play'],
      summary: 'Start playing on a device (moves the player from another device)',
      params: playDeviceParamsSchema,
      body: startPlayBodySchema,
      response: { 200: playingDeviceSchema, ...errors },
    },
    handler: async (request) =>
      startPlaying(db, requireAuth(request).sub, request.params.arcade, request.params.id),
  });

  app.delete('/arcadecenter/:arcade/device/:id/player/:userId', {
    config: { scope: 'read:arcade' },
    schema: {
      tags: ['play'],
      summary: 'Stop playing on a device (only oneself)',
      params: stopPlayParamsSchema,
      response: { 200: okSchema, ...errors },
    },
    handler: async (request) => {
      const { arcade, id, userId } = request.params;
      await stopPlaying(db, requireAuth(request).sub, arcade, id, userId);
      return { success: true as const };
    },
  });

  app.get('/v2/user/me/device', {
    config: { scope: 'read:arcade' },
    schema: {
      tags: ['play'],
      summary: 'The device the player is on, or {} when none',
      response: { 200: currentDeviceSchema, ...errors },
    },
    handler: async (request) => currentDevice(db, requireAuth(request).sub),
  });
};
