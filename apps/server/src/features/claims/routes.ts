import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  CLAIM_LIMIT,
  CLAIM_TTL_HOURS,
  claimedSchema,
  claimParamsSchema,
  claimPreviewSchema,
} from '@arcadia/contracts';
import { requireAuth } from '../../plugins/auth';
import { keyedAdmission } from '../../plugins/limits';
import { claimResult, previewClaim } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
  429: apiErrorSchema,
};

const description =
  `A guest's result from the claim QR a device showed after the match, for ${CLAIM_TTL_HOURS} ` +
  'hours, once only. 404 claim_not_found (unknown or replaced code), 410 claim_expired, ' +
  '409 claim_used, claim_game_voided, claim_already_in_game; 404 not_registered; at most ' +
  `${CLAIM_LIMIT.max} claim calls per ${CLAIM_LIMIT.windowMinutes} minutes (429).`;

/** Claiming a guest's result with its code (features/claims/service.ts). */
export const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, events } = app;
  // Per player, preview and claim together: a code cannot be found by trying many.
  const admitClaim = keyedAdmission(app.limits, 'claim', CLAIM_LIMIT, 'claim calls');
  const limited = async (sub: string) => {
    await admitClaim(sub);
    return sub;
  };

  app.get('/claims/:token', {
    schema: {
      tags: ['claims'],
      summary: "What a claim code gives: the game and the guest's result",
      description,
      params: claimParamsSchema,
      response: { 200: claimPreviewSchema, ...errors },
    },
    handler: async (request, reply) => {
      const sub = await limited(requireAuth(request).sub);
      reply.header('cache-control', 'no-store');
      return previewClaim(db, sub, request.params.token);
    },
  });

  app.post('/claims/:token', {
    schema: {
      tags: ['claims'],
      summary: "Take a guest's result: it becomes the signed-in player's",
      description,
      params: claimParamsSchema,
      response: { 200: claimedSchema, ...errors },
    },
    handler: async (request) => {
      const sub = await limited(requireAuth(request).sub);
      return claimResult(db, events, sub, request.params.token);
    },
  });
};
