import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminArcadeParamsSchema,
  adminArcadeSchema,
  adminUserParamsSchema,
  auditPageSchema,
  auditQuerySchema,
  bootstrapRequestSchema,
  operatorSchema,
  roleAnswerSchema,
  roleChangeSchema,
} from '@arcadia/contracts';
import { arcadeDetails } from '../arcades';
import { auditPage } from './audit';
import { redeemBootstrap } from './bootstrap';
import { changeRole } from './roles';
import { assetRoutes } from './routes-assets';
import { catalogueRoutes } from './routes-catalogue';
import { gameRoutes } from './routes-games';
import { newsRoutes } from './routes-news';
import { playerRoutes } from './routes-players';
import { printRoutes } from './routes-print';
import { venueRoutes } from './routes-venues';
import { arcadeParam, guardOperatorRoutes, operatorOf } from './access';

/**
 * The operator console under /api/admin. Every route declares `config.access`; one guard
 * (access.ts) enforces it before the input is read.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(operatorRoutes);
  await app.register(bootstrapRoute);
};

/** Every route here passes the operator guard. */
const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  guardOperatorRoutes(app);
  venueRoutes(app);
  catalogueRoutes(app);
  gameRoutes(app);
  assetRoutes(app);
  playerRoutes(app);
  printRoutes(app);
  newsRoutes(app);

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
      response: { 200: adminArcadeSchema },
    },
    handler: async (request) => arcadeDetails(app.db, request.params.arcadeId),
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
  app.put('/admin/users/:id/role', {
    config: { access: { role: 'admin' } },
    schema: {
      tags: ['admin'],
      summary: "Sets a user's role (staff: with the arcades they run); admins only, audited",
      params: adminUserParamsSchema,
      body: roleChangeSchema,
      response: { 200: roleAnswerSchema },
    },
    handler: async (request) =>
      changeRole(app.db, operatorOf(request), request.params.id, request.body),
  });
};

/**
 * The first admin, while none exists: the secret the server wrote to its data directory
 * (bootstrap.ts) proves the caller can read that directory. No bearer token involved.
 */
const bootstrapRoute: FastifyPluginAsyncZod = async (app) => {
  app.post('/admin/bootstrap', {
    config: { scope: 'public' },
    schema: {
      tags: ['admin'],
      summary: 'Makes a registered account the first admin, with the one-time bootstrap secret',
      body: bootstrapRequestSchema,
      response: { 200: roleAnswerSchema },
    },
    handler: async (request) =>
      redeemBootstrap(app.db, app.config.dataDir, request.body.secret, request.body.email),
  });
};
