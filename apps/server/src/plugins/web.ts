import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config';

const API_PREFIXES = ['/api', '/oidc', '/graphql'];

/** Serves the built web app; every other GET falls back to index.html (client-side routes). */
export const webPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const root = opts.config.webDist;
  const built = fs.existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const hashed = /[\\/]assets[\\/].+-[A-Za-z0-9_-]{8,}\.\w+$/.test(filePath);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply
        .code(404)
        .send({ error: { code: 'not_found', message: `No route ${request.method} ${url}` } });
    }
    if (
      API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`)) ||
      path.extname(url) !== ''
    ) {
      return reply.code(404).send({ error: { code: 'not_found', message: `No route GET ${url}` } });
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The web app is not built yet: run `npm run build -w @arcadia/web` (npm start does it).',
        );
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
});
