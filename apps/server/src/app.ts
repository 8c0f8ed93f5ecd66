import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { PGLITE_AUTOVACUUM_SCHEDULE, startPgliteAutovacuum } from './db/pglite-autovacuum';
import type { AppEventBus } from './events/map';
import { apiFeatures, rootFeatures } from './features';
import { featureEvents } from './features/events';
import { registerDomainMetrics } from './features/health/domain-metrics';
import { localAccountExists, localKeyResolver } from './features/identity/local-verifier';
import { tokenSignedOut } from './features/identity/sign-out';
import { authenticate, authPlugin, remoteVerifier, type TokenVerifier } from './plugins/auth';
import { ingestWaiting, matchPageMeta } from './features/games';
import { newsPageHints } from './features/news';
import { leaderboardPageHints } from './features/leaderboards';
import { profilePageHints, suspendedSignIn } from './features/users';
import { compressionPlugin } from './plugins/compression';
import { errorsPlugin } from './plugins/errors';
import { inputHygienePlugin } from './plugins/input-hygiene';
import { componentLog, loggedUrl, loggingPlugin } from './plugins/logging';
import { metricsPlugin } from './plugins/metrics';
import { overloadPlugin } from './plugins/overload';
import { securityPlugin } from './plugins/security';
import { swaggerPlugin } from './plugins/swagger';
import { tracingPlugin } from './plugins/tracing';
import { pageHintsOf, webPlugin } from './plugins/web';
import { seedDemoIfEmpty } from './seed';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** The app's event bus, with every feature's handlers (features/events.ts). */
    events: AppEventBus;
  }
}

export interface BuildOptions {
  config: Config;
  /** An open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** Overrides how access tokens are verified (tests of the foundation). */
  verifier?: TokenVerifier;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

function tokenVerifier(config: Config, db: Db): TokenVerifier {
  const { auth } = config;
  if (auth.mode === 'external') return remoteVerifier(auth.issuer, auth.audience, auth.jwksUri);
  return {
    issuer: auth.issuer,
    audience: auth.audience,
    getKey: localKeyResolver(db),
    accountExists: localAccountExists(db),
  };
}

/** The app factory used by `npm start` and by every test. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            // Tokens, cookies and personal data never reach the log.
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              'res.headers["set-cookie"]',
            ],
            serializers: {
              req: (req: { method: string; url: string; id: string }) => ({
                method: req.method,
                url: loggedUrl(req.url),
                id: req.id,
              }),
            },
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: config.bodyLimit,
    // Only behind a configured proxy: otherwise clients could spoof X-Forwarded-For and dodge
    // the per-address limits.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.decorate('config', config);
  const dbLog = componentLog(app, 'db');
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'pglite'),
      poolSize: config.db.poolSize,
      statementTimeoutMs: config.db.statementTimeoutMs,
      onError: (error) => dbLog.warn({ err: error }, 'database connection error'),
    }));
  // PGlite runs no autovacuum: the server does its job (db/pglite-autovacuum.ts).
  const autovacuum =
    !options.database && database.kind === 'pglite'
      ? startPgliteAutovacuum(database.db, {
          ...PGLITE_AUTOVACUUM_SCHEDULE,
          onRound: ({ tables, failed }) => {
            if (tables.length > 0) dbLog.info({ tables }, 'tables vacuumed and analysed (PGlite)');
            for (const { table, error } of failed)
              dbLog.warn({ err: error, table }, 'VACUUM or ANALYZE failed (PGlite)');
          },
          onError: (error) => dbLog.warn({ err: error }, 'autovacuum round failed (PGlite)'),
        })
      : undefined;
  if (!options.database)
    app.addHook('onClose', async () => {
      await autovacuum?.stop();
      await database.close();
    });
  // Several processes starting at once on one PostgreSQL: one migrates and seeds, the others
  // wait and then find it done. Seeded before the routes exist and outside any Fastify hook,
  // whose 10 s limit a first start on a slow machine can exceed.
  await database.exclusively(async () => {
    await database.migrate();
    if (config.seedDemo) await seedDemoIfEmpty({ db: database.db, config, log: app.log });
  });
  app.decorate('database', database);
  app.decorate('db', database.db);
  // Made here, whatever routes are registered: a stored game notifies its players and a
  // deletion reaches every feature alike in the server, the tests and the admin CLI.
  app.decorate('events', featureEvents(config));

  await app.register(loggingPlugin);
  // Both see every route added after them: before the other plugins and the features.
  await app.register(tracingPlugin, { config });
  await app.register(errorsPlugin);
  // First of the request hooks: a shed request costs nothing more.
  await app.register(overloadPlugin, {
    overload: config.overload,
    // Game reports waiting for their turn (features/games/ingest-queue.ts) wait for the
    // database as much as queries queued in the pool do.
    waiting: () => database.stats().waiting + ingestWaiting(database.db),
  });
  await app.register(metricsPlugin, { config, domainMetrics: registerDomainMetrics });
  await app.register(inputHygienePlugin);
  await app.register(securityPlugin, { config });
  await app.register(compressionPlugin);
  await app.register(swaggerPlugin);
  const verifier = options.verifier ?? tokenVerifier(config, database.db);
  await app.register(authPlugin, {
    verifier: () => verifier,
    database,
    accountSuspended: suspendedSignIn(database.db),
    tokenRevoked: tokenSignedOut(database.db),
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', authenticate);
      for (const feature of apiFeatures) await api.register(feature);
    },
    { prefix: '/api' },
  );
  for (const feature of rootFeatures) await app.register(feature);
  await app.register(webPlugin, {
    config,
    pageMeta: matchPageMeta(
      database.db,
      config.publicUrl,
      app.limits.limiter('match-preview', { max: config.rateLimitMax, windowMs: 60_000 }),
    ),
    pageHints: pageHintsOf(
      newsPageHints(async (url, client) => {
        const res = await app.inject({ method: 'GET', url, remoteAddress: client });
        return { statusCode: res.statusCode, body: res.body };
      }),
      async (url) => leaderboardPageHints(url),
      async (url) => profilePageHints(url),
    ),
  });

  return app;
}
