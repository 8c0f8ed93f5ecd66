import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminArcadeParamsSchema,
  apiErrorSchema,
  cardBatchCreateSchema,
  cardBatchDetailSchema,
  cardBatchesQuerySchema,
  cardBatchesSchema,
  cardBatchParamsSchema,
  cardSheetQuerySchema,
  deviceSignParamsSchema,
  deviceSignQuerySchema,
  SHEET_PAGE_COUNT_HEADER,
} from '@arcadia/contracts';
import { arcadeExists } from '../arcades';
import { cardBatchDetail, cardBatchPage } from '../user-cards';
import { notFound } from '../../plugins/errors';
import { arcadeParam, operatorOf } from './access';
import { cardSheetPrintout, createCardBatch, deviceSignPrintout, type Printout } from './print';

const tags = ['admin'];
const staffOfArcade = { access: { role: 'staff' as const, arcade: arcadeParam() } };
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** A printout as a download: its type, a file name, and never cached (a sheet holds secrets). */
function sendPrintout(reply: FastifyReply, printout: Printout) {
  return reply
    .type(printout.contentType)
    .header('content-disposition', `attachment; filename="${printout.fileName}"`)
    .header('cache-control', 'no-store')
    .header(SHEET_PAGE_COUNT_HEADER, String(printout.pageCount))
    .send(printout.data);
}

/** Device signs and user-card batches, under the operator guard (routes.ts). */
export function printRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/arcades/:arcadeId/devices/:deviceId/sign', {
    config: staffOfArcade,
    schema: {
      tags,
      summary: "A device's A6 sign with its QR code (PDF or 300 dpi PNG)",
      description:
        'The QR code carries the device code the play scanner accepts (`deviceId=arcade;id`); ' +
        'the sign names the arcade and the device and tells players, in German and English, to scan it.',
      params: deviceSignParamsSchema,
      querystring: deviceSignQuerySchema,
      response: errors,
    },
    handler: async (request, reply) => {
      const { arcadeId, deviceId } = request.params;
      const printout = await deviceSignPrintout(app.db, arcadeId, deviceId, request.query.format);
      return sendPrintout(reply, printout);
    },
  });

  app.post('/admin/arcades/:arcadeId/user-cards/batches', {
    config: staffOfArcade,
    schema: {
      tags,
      summary: 'Creates a batch of unclaimed profiles for printed user cards (audited)',
      description:
        'count 1–100 profiles with generated names (`Karte-XXXXXX`). Their claim secrets are ' +
        'issued when the sheet is printed.',
      params: adminArcadeParamsSchema,
      body: cardBatchCreateSchema,
      response: { 201: cardBatchDetailSchema },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await createCardBatch(app.db, operatorOf(request), request.params.arcadeId, request.body),
        ),
  });

  app.get('/admin/arcades/:arcadeId/user-cards/batches', {
    config: staffOfArcade,
    schema: {
      tags,
      summary: "The arcade's user-card batches with claimed and unclaimed counts, newest first",
      params: adminArcadeParamsSchema,
      querystring: cardBatchesQuerySchema,
      response: { 200: cardBatchesSchema },
    },
    handler: async (request) => {
      const { arcadeId } = request.params;
      if (!(await arcadeExists(app.db, arcadeId))) throw notFound(`No arcade "${arcadeId}"`);
      return cardBatchPage(app.db, arcadeId, request.query);
    },
  });

  app.get('/admin/arcades/:arcadeId/user-cards/batches/:batchId', {
    config: staffOfArcade,
    schema: {
      tags,
      summary: 'One batch and its cards: which are printed, which claimed',
      params: cardBatchParamsSchema,
      response: { 200: cardBatchDetailSchema },
    },
    handler: async (request) =>
      cardBatchDetail(app.db, request.params.arcadeId, request.params.batchId),
  });

  app.post('/admin/arcades/:arcadeId/user-cards/batches/:batchId/sheet', {
    config: staffOfArcade,
    schema: {
      tags,
      summary: "Prints the batch's unclaimed cards on A4 (PDF, or one page as a 300 dpi PNG)",
      description:
        'Each printed card gets a new claim secret (only its hash is stored), so the cards of ' +
        'a sheet printed before stop claiming; claimed cards are left off. PDF: every page, or ' +
        '`page`; PNG: `page` (default 1). The `x-page-count` header says how many pages there ' +
        'are. Audited `user_card.batch_print`. 409 `batch_claimed` when every card is claimed.',
      params: cardBatchParamsSchema,
      querystring: cardSheetQuerySchema,
      response: { ...errors, 409: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const { arcadeId, batchId } = request.params;
      const printout = await cardSheetPrintout(
        app.db,
        operatorOf(request),
        app.config.publicUrl,
        arcadeId,
        batchId,
        request.query,
      );
      return sendPrintout(reply, printout);
    },
  });
}
