import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ASSET_UPLOAD_MAX_BYTES,
  adminAssetSchema,
  assetUploadQuerySchema,
} from '@arcadia/contracts';
import { badRequest } from '../../plugins/errors';
import { operatorOf } from './access';
import { uploadAsset } from './assets';

/**
 * Image uploads of the console, under the operator guard (routes.ts). The body is the raw image
 * (`Content-Type: image/…`), not multipart: one file per call is all the console needs, and the
 * browser sends a File as it is with fetch.
 */
export function assetRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.addContentTypeParser(
    /^image\/[\w.+-]+$/,
    { parseAs: 'buffer', bodyLimit: ASSET_UPLOAD_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post('/admin/assets', {
    config: { access: { role: 'staff' } },
    bodyLimit: ASSET_UPLOAD_MAX_BYTES,
    schema: {
      tags: ['admin'],
      summary:
        'Uploads an image (body: its bytes, Content-Type image/*); answers the site path it is served at',
      querystring: assetUploadQuerySchema,
      response: { 201: adminAssetSchema },
    },
    handler: async (request, reply) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw badRequest('The body must be an image (Content-Type image/…)', [
          { path: 'image', message: 'is missing' },
        ]);
      }
      const asset = await uploadAsset(
        app.db,
        operatorOf(request),
        request.body,
        request.query.name,
      );
      return reply.code(201).send(asset);
    },
  });
}
