import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  CLAIM_TTL_HOURS,
  deviceClaimsParamsSchema,
  deviceClaimsSchema,
  DEVICE_MAX_WAITING,
  devicePlayersQuerySchema,
  devicePlayersSchema,
  gameReportSchema,
  heartbeatSchema,
  ingestedGameSchema,
} from '@arcadia/contracts';
import { AppError, unauthorized } from '../../plugins/errors';
import { VerifiedCredentialCache } from '../../plugins/credential-cache';
import {
  authenticateDevice,
  heartbeat,
  parseDeviceAuthorization,
  setMatchRunning,
  type DeviceRow,
} from '../devices';
import { closeRosterEvents, rosterEventsFor } from '../devices';
import { issueClaims } from '../claims';
import { ingestDeviceReport } from '../games';
import { deviceAuthFailures } from './auth-failures';
import { streamRoster, waitForRoster } from './roster-wait';

/**
 * Who a device is; all a game report needs of it. The key's hash goes with the report, which
 * is refused if it is no longer the device's (or the device was disabled) when stored.
 */
type DeviceIdentity = Pick<DeviceRow, 'arcadeId' | 'id' | 'applicationId' | 'keyHash'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The device authenticated by its key on /api/device/v1 routes (not on identityOnly ones). */
    device: DeviceRow | null;
    /** Who the authenticated device is, on every /api/device/v1 route. */
    deviceIdentity: DeviceIdentity | null;
  }
  interface FastifyContextConfig {
    /**
     * The route needs only who the device is, not its current state: a key verified in the last
     * few seconds is taken without reading the device row again (see DEVICE_IDENTITY_TTL_MS).
     */
    deviceIdentityOnly?: boolean;
  }
}

/**
 * How long a verified device key is trusted on identityOnly routes (game reports, the busiest
 * device call) without a database read. A game report is still refused at once after a new key,
 * a deletion or a disable: the ingest checks the key's hash and the device under its row lock.
 */
const DEVICE_IDENTITY_TTL_MS = 10_000;

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const emptyBody = z.object({}).passthrough().nullish();

function deviceOf(request: FastifyRequest): DeviceRow {
  if (!request.device) throw unauthorized('Device authentication is required');
  return request.device;
}

/**
 * The device API at /api/device/v1, mounted at the root (outside the bearer-token hook of /api)
 * and authenticated by `Authorization: Device <arcade>:<id>:<key>` on every route.
 */
export const deviceApiRoutes: FastifyPluginAsyncZod = async (root) => {
  await root.register(
    async (scope) => {
      const app = scope.withTypeProvider<ZodTypeProvider>();
      const { db, database } = app;
      app.decorateRequest('device', null);
      app.decorateRequest('deviceIdentity', null);
      const identities = new VerifiedCredentialCache<DeviceIdentity>({
        ttlMs: DEVICE_IDENTITY_TTL_MS,
        max: 10_000,
      });
      const failures = deviceAuthFailures(app);
      /** A trusted key found replaced (or its device disabled) is verified again next time. */
      const forgetReplaced = (identity: DeviceIdentity, error: unknown): never => {
        if (error instanceof AppError && error.code.startsWith('device_'))
          identities.forget((known) => known === identity);
        throw error;
      };
      app.addHook('onRequest', async (request, reply) => {
        const header = request.headers.authorization;
        const known = header ? identities.get(header) : undefined;
        if (known && request.routeOptions.config.deviceIdentityOnly) {
          request.deviceIdentity = known;
          return;
        }
        let device: DeviceRow;
        try {
          device = await authenticateDevice(db, header);
        } catch (error) {
          // Only failing clients are held back: the right key always passes, so someone
          // guessing from a venue's shared address never locks out its real devices.
          if (error instanceof AppError && error.code === 'device_auth_failed') {
            await failures.check(request, reply);
            await failures.failed(request);
          }
          throw error;
        }
        request.device = device;
        request.deviceIdentity = {
          arcadeId: device.arcadeId,
          id: device.id,
          applicationId: device.applicationId,
          keyHash: device.keyHash,
        };
        identities.set(header!, request.deviceIdentity, Date.now() + DEVICE_IDENTITY_TTL_MS);
      });
      // Waiting devices end their long poll or stream when the server shuts down. A device
      // keeps at most DEVICE_MAX_WAITING of them in this process: a newer one ends the oldest
      // (a long poll answers the roster as it is, a stream closes), so one key cannot hold
      // hundreds of connections, each reading the roster again at every change.
      const waiting = new Map<string, AbortController[]>();
      const track = (
        device: DeviceRow,
        reply: { raw: { destroyed: boolean; on(event: 'close', fn: () => void): unknown } },
      ) => {
        const abort = new AbortController();
        const key = `${device.arcadeId}\u0000${device.id}`;
        const mine = waiting.get(key) ?? [];
        mine.push(abort);
        waiting.set(key, mine);
        while (mine.length > DEVICE_MAX_WAITING) mine.shift()!.abort();
        const gone = () => {
          abort.abort();
          const index = mine.indexOf(abort);
          if (index >= 0) mine.splice(index, 1);
          if (mine.length === 0 && waiting.get(key) === mine) waiting.delete(key);
        };
        // Hung up already (while its key was checked): 'close' has fired and will not again.
        if (reply.raw.destroyed) gone();
        else reply.raw.on('close', gone);
        return abort;
      };
      app.addHook('preClose', async () => {
        for (const list of waiting.values()) for (const abort of list) abort.abort();
      });
      app.addHook('onClose', () => closeRosterEvents(database));
      const rateLimit = {
        max: app.config.rateLimitMax,
        timeWindow: '1 minute',
        // Per device, not per address: a venue's devices share one address. The device as the
        // header names it once parsed, so another spelling of the scheme (`device`, `DEVICE`:
        // it is case-insensitive) or of the ids is not a fresh allowance; no device, the address.
        keyGenerator: (request: FastifyRequest) => {
          const named = parseDeviceAuthorization(request.headers.authorization);
          return named ? `device:${named.arcade}:${named.id}`.toLowerCase() : request.ip;
        },
      };
      const config = { scope: 'public' as const, rateLimit };

      app.get('/players', {
        config,
        schema: {
          tags: ['device'],
          summary: 'Who is on this device now; long poll with since + wait',
          querystring: devicePlayersQuerySchema,
          response: { 200: devicePlayersSchema, ...errors },
        },
        handler: async (request, reply) => {
          const device = deviceOf(request);
          // Only a long poll that will wait counts: a plain read, or one whose `since` is already
          // old (answered at once: the version only grows), must not end one of the streams.
          const waits = request.query.since === device.rosterVersion && request.query.wait > 0;
          const signal = waits ? track(device, reply).signal : new AbortController().signal;
          const events = await rosterEventsFor(database);
          return waitForRoster(db, events, device, request.query, signal);
        },
      });

      app.get('/players/stream', {
        config,
        schema: {
          tags: ['device'],
          summary: 'Server-sent events: the roster at once and after every change',
        },
        handler: async (request, reply) => {
          const device = deviceOf(request);
          const abort = track(device, reply);
          const events = await rosterEventsFor(database);
          reply.hijack();
          await streamRoster(db, events, device, reply.raw, abort);
        },
      });

      app.post('/heartbeat', {
        config,
        schema: {
          tags: ['device'],
          summary: 'The device is alive (offline after 60 s without one)',
          body: emptyBody,
          response: { 200: heartbeatSchema, ...errors },
        },
        handler: async (request) => heartbeat(db, deviceOf(request)),
      });

      app.post('/match/start', {
        config,
        schema: {
          tags: ['device'],
          summary: 'A match begins: nobody can join until its report',
          body: emptyBody,
          response: { 200: devicePlayersSchema, ...errors },
        },
        handler: async (request) => setMatchRunning(db, deviceOf(request), true),
      });

      app.post('/match/cancel', {
        config,
        schema: {
          tags: ['device'],
          summary: 'The match was called off: players may join again',
          body: emptyBody,
          response: { 200: devicePlayersSchema, ...errors },
        },
        handler: async (request) => setMatchRunning(db, deviceOf(request), false),
      });

      app.post('/games', {
        config: { ...config, deviceIdentityOnly: true },
        schema: {
          tags: ['device'],
          summary: 'Report a finished game (idempotent by idempotencyKey)',
          description:
            'A report may name only registered players who joined this device for the match ' +
            '(its roster); any other is refused with 400 not_on_roster and its field ' +
            '(players.N.userId), and nothing is written.',
          body: gameReportSchema,
          response: { 200: ingestedGameSchema, 201: ingestedGameSchema, ...errors },
        },
        handler: async (request, reply) => {
          const identity = request.deviceIdentity;
          if (!identity) throw unauthorized('Device authentication is required');
          const { game, created } = await ingestDeviceReport(
            db,
            app.events,
            identity,
            request.body,
            app.config.ingest,
          ).catch((error: unknown) => forgetReplaced(identity, error));
          if (created) app.appMetrics.gameIngested();
          return reply.code(created ? 201 : 200).send(game);
        },
      });

      app.post('/games/:gameId/claims', {
        config: { ...config, deviceIdentityOnly: true },
        schema: {
          tags: ['device'],
          summary: 'Claim codes for the guests of a reported game (one QR each)',
          description:
            'One claim code per guest slot not claimed yet, as a URL for a QR code; a signed-in ' +
            `player who opens it within ${CLAIM_TTL_HOURS} hours of the report takes the result. ` +
            'Asking again gives new codes and the previous ones stop working (one live code per ' +
            'slot). None for a voided game or after the expiry. 404 for a game this device did ' +
            'not report.',
          params: deviceClaimsParamsSchema,
          body: emptyBody,
          response: { 200: deviceClaimsSchema, ...errors },
        },
        handler: async (request) => {
          const identity = request.deviceIdentity;
          if (!identity) throw unauthorized('Device authentication is required');
          return issueClaims(db, app.config.publicUrl, identity, request.params.gameId).catch(
            (error: unknown) => forgetReplaced(identity, error),
          );
        },
      });
    },
    { prefix: '/api/device/v1' },
  );
};
