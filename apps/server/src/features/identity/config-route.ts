import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_SCOPES, authConfigSchema, type AuthConfig } from '@arcadia/contracts';

/** GET /api/config: how the app signs in here (embedded provider or external issuer). */
export const authConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const answer: AuthConfig = {
    authority: config.auth.issuer,
    clientId: config.auth.clientId,
    audience: config.auth.audience,
    scopes: AUTH_SCOPES,
    mode: config.auth.mode,
    nativeScheme: config.nativeAppScheme,
    publicUrl: config.publicUrl,
  };
  app.get('/config', {
    config: { scope: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Sign-in settings for the app: issuer, client id, audience, scopes',
      response: { 200: authConfigSchema },
    },
    handler: async (_request, reply) => reply.header('cache-control', 'no-cache').send(answer),
  });
};
