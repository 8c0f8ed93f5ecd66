import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminArcadeParamsSchema,
  arcadeSchema,
  auditPageSchema,
  auditQuerySchema,
  operatorSchema,
} from '@arcadia/contracts';
import { arcadeById } from '../arcades';
import { auditPage } from './audit';
import { arcadeParam, guardOperatorRoutes, operatorOf } from './access';

/**
 * The operator console under /api/admin. Every route declares `config.access`; one guard
 * (access.ts) enforces it before the input is read.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  guardOperatorRoutes(app);

  app.get('/admin/me', {
    config: { access: { role: 'staff' } },
    schema: {
      tags: ['admin'],
      summary: 'The signed-in operator: role and the arcades they run',
      response: { 200: operatorSchema },
    },
    handler: async (request) => operatorOf(request),
  });

  app.get('/admin/arcades/:arcadeId', {
    config: { access: { role: 'staff', arcade: arcadeParam() } },
    schema: {
      tags: ['admin'],
      summary: 'One arcade (staff of it, admins)',
      params: adminArcadeParamsSchema,
      response: { 200: arcadeSchema },
    },
    handler: async (request) => arcadeById(app.db, request.params.arcadeId),
  });
  app.get('/admin/audit', {
    config: { access: { role: 'staff' } },
    schema: {
      tags: ['admin'],
      summary: 'The audit log, newest first (admins: all; staff: their arcades)',
      querystring: auditQuerySchema,
      response: { 200: auditPageSchema },
    },
    handler: async (request) => auditPage(app.db, operatorOf(request), request.query),
  });
};
