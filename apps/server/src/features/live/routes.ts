import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  LIVE_HEARTBEAT_MS,
  liveEventSchemas,
  markNotificationsReadSchema,
  notificationListSchema,
  okSchema,
  type LiveEvent,
} from '@arcadia/contracts';
import { requireAuth, revocationNames } from '../../plugins/auth';
import { currentUser } from '../users';
import { LiveHub, type LiveStream } from './hub';
import { markRead, notificationList } from './notifications';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** How long a browser waits before it reconnects a dropped stream (the SSE `retry:` field). */
const RETRY_MS = 3000;

/**
 * The signed-in app's live channel, GET /api/live: server-sent events (`hello` with the whole
 * state first, then `play`, `game`, `notifications`; see contracts/live.ts), a comment line
 * every LIVE_HEARTBEAT_MS. It takes the bearer token like every /api route (the app reads it
 * with fetch, which can send the header), and ends when the token expires, so the app comes
 * back with a fresh one. A reconnection starts with `hello` again: nothing is replayed, the
 * current state is sent instead. Beside it the notification list of the bell.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, database } = app;
  const hub = new LiveHub(database, { sweepMs: app.config.liveSweepMs });
  let started: Promise<void> | undefined;
  const open = new Set<LiveStream>();
  /** The sign-in each open stream was opened with, to end them when it is revoked. */
  const subs = new WeakMap<LiveStream, string>();
  // A deleted or suspended player, or one whose password was reset, keeps no stream open.
  app.onAccountRevoked((sub) => {
    for (const stream of [...open]) if (subs.get(stream) === sub) stream.close();
  });
  /** The names of the token each open stream was opened with, to end it when one is signed out. */
  const tokens = new WeakMap<LiveStream, string[]>();
  app.onTokenRevoked((name) => {
    for (const stream of [...open]) if (tokens.get(stream)?.includes(name)) stream.close();
  });
  // Streams end when the server shuts down, so it need not wait for them.
  app.addHook('preClose', async () => {
    for (const stream of [...open]) stream.close();
  });
  app.addHook('onClose', () => hub.close());

  app.get('/live', {
    config: { scope: 'read:users' },
    schema: {
      tags: ['live'],
      summary: "Server-sent events: the player's play state, stored games, notifications",
      response: errors,
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const me = await currentUser(db, auth.sub);
      await (started ??= hub.start());
      reply.hijack();
      const res = reply.raw;
      // The client hung up while the player was looked up: its 'close' has fired already, so a
      // stream started now would never be removed (its heartbeat and expiry timers neither).
      if (res.destroyed || request.raw.destroyed) {
        res.destroy();
        return;
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx must pass every event on at once instead of buffering the answer.
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${RETRY_MS}\n\n`);
      let seq = 0;
      const write = (chunk: string) => {
        if (!res.writableEnded && !res.destroyed) res.write(chunk);
      };
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), LIVE_HEARTBEAT_MS);
      const expiresIn =
        typeof auth.claims.exp === 'number' ? auth.claims.exp * 1000 - Date.now() : undefined;
      const expiry =
        expiresIn !== undefined
          ? setTimeout(() => stream.close(), Math.max(1000, Math.min(expiresIn, 2 ** 31 - 1)))
          : undefined;
      const stream: LiveStream = {
        userId: me.id,
        send: (event: LiveEvent) => {
          // Checked against its contract as every answer is (the web's production build takes
          // events as sent): an event that breaks it is a bug here, logged, not sent.
          const checked = liveEventSchemas[event.type].safeParse(event.data);
          if (!checked.success) {
            request.log.error(
              { event: event.type, issues: checked.error.issues },
              'live event breaks its contract, not sent',
            );
            return;
          }
          write(`id: ${++seq}\nevent: ${event.type}\ndata: ${JSON.stringify(checked.data)}\n\n`);
        },
        close: () => {
          if (!res.writableEnded) res.end();
        },
      };
      res.on('close', () => {
        clearInterval(heartbeat);
        clearTimeout(expiry);
        open.delete(stream);
        hub.remove(stream);
      });
      open.add(stream);
      subs.set(stream, auth.sub);
      tokens.set(stream, revocationNames(auth));
      hub.add(stream);
    },
  });

  app.get('/notifications', {
    config: { scope: 'read:users' },
    schema: {
      tags: ['live'],
      summary:
        'The in-app notification list (what push shows), newest first, with the unread count',
      response: { 200: notificationListSchema, ...errors },
    },
    handler: async (request) => {
      const me = await currentUser(db, requireAuth(request).sub);
      return notificationList(db, me.id);
    },
  });

  app.post('/notifications/read', {
    config: { scope: 'read:users' },
    schema: {
      tags: ['live'],
      summary: 'Marks the notifications up to an id as read',
      body: markNotificationsReadSchema,
      response: { 200: okSchema, 400: apiErrorSchema, ...errors },
    },
    handler: async (request) => {
      const me = await currentUser(db, requireAuth(request).sub);
      await markRead(db, me.id, request.body.upTo);
      return { success: true as const };
    },
  });
};
