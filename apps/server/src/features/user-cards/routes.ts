import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, linkCardSchema, ownProfileSchema } from '@arcadia/contracts';
import { requireAuth } from '../../plugins/auth';
import { signInAddress } from '../identity';
import { toOwnProfile } from '../users';
import { linkCard } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export const userCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post('/v2/user/me/link', {
    schema: {
      tags: ['users'],
      summary: 'Link the signed-in identity to the unclaimed profile of a scanned user card',
      description:
        "The body carries the card's claim secret (`?k=` of the card URL). An unknown card and a " +
        'wrong, missing or spent secret get the same 404.',
      body: linkCardSchema,
      response: { 200: ownProfileSchema, ...errors },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      // The sign-in's address, verified or not (as the presenter tells).
      const mail = (await signInAddress(db, auth.sub, auth.claims))?.email ?? null;
      return toOwnProfile(db, await linkCard(db, auth.sub, request.body, mail));
    },
  });
};
