import type { FastifyInstance } from 'fastify';
import { renderFavicon } from './favicon';

/**
 * `/favicon.ico`, which browsers ask for on every page that names no icon (the identity pages,
 * the API's documents) and which the built web app does not contain: the app's icon, rendered
 * once from the logo on first request and kept in memory.
 */
export async function brandRoutes(app: FastifyInstance): Promise<void> {
  let favicon: Promise<Buffer> | undefined;
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => {
    favicon ??= renderFavicon().catch((error: unknown) => {
      favicon = undefined;
      throw error;
    });
    return reply
      .type('image/x-icon')
      .header('cache-control', 'public, max-age=86400')
      .send(await favicon);
  });
}
