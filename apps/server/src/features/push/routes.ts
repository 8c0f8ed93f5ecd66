import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  okSchema,
  pushPublicKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@arcadia/contracts';
import { requireAuth } from '../../plugins/auth';
import { createPushTransport, pushTargetPolicy } from './endpoint-policy';
import { subscribe, unsubscribe } from './subscriptions';
import { vapidKeys } from './vapid';
import { PushWorker } from './worker';
import { componentLog } from '../../plugins/logging';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

// Feature plugins are encapsulated, so the worker is found through the server it belongs to.
const workers = new WeakMap<object, PushWorker>();

/** The push outbox worker of an app (tests tune and drive it). */
export function pushWorkerOf(app: FastifyInstance): PushWorker | undefined {
  return workers.get(app.server);
}

/**
 * Web Push: the VAPID public key, the player's subscriptions, and the outbox worker that runs
 * while the server is up (started when it is ready, stopped before it closes).
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const keys = await vapidKeys(db, config);
  // Real push services are https on public addresses; plain http and loopback are for a local
  // push service in development and tests only (see endpoint-policy.ts).
  const targets = pushTargetPolicy(config);
  const transport = createPushTransport(targets);
  const worker = new PushWorker(
    db,
    { vapid: keys, subject: config.vapidSubject, transport },
    componentLog(app, 'push'),
  );
  workers.set(app.server, worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => {
    await worker.stop();
    transport.close();
  });

  app.get('/push/public-key', {
    config: { scope: 'public' },
    schema: {
      tags: ['push'],
      summary: 'The VAPID application server key for pushManager.subscribe',
      response: { 200: pushPublicKeySchema },
    },
    handler: async () => ({ publicKey: keys.publicKey }),
  });

  app.post('/push/subscriptions', {
    schema: {
      tags: ['push'],
      summary: 'Subscribe this browser to the own notifications (an endpoint moves to the caller)',
      body: pushSubscriptionSchema,
      response: { 201: okSchema, ...errors },
    },
    handler: async (request, reply) => {
      await subscribe(db, requireAuth(request).sub, request.body, targets);
      return reply.code(201).send({ success: true as const });
    },
  });

  app.delete('/push/subscriptions', {
    schema: {
      tags: ['push'],
      summary: 'Unsubscribe one of the own endpoints',
      body: pushUnsubscribeSchema,
      response: { 200: okSchema, ...errors },
    },
    handler: async (request) => {
      await unsubscribe(db, requireAuth(request).sub, request.body.endpoint);
      return { success: true as const };
    },
  });
};
