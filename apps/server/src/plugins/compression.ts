import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * Compresses answers built per request (JSON, the metrics text, index.html with its route's
 * preloads) of 1 KB or more, brotli or gzip as the client accepts. Brotli at quality 4: about
 * gzip's speed at a smaller size; the built web app's files are compressed once at build time at
 * the highest quality and sent as they are (plugins/web.ts), which this leaves alone because they
 * carry their Content-Encoding already. Server-sent events (`text/event-stream`) are never
 * compressed (they must reach the client as they are written), nor are hijacked answers.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
});
