import cluster from 'node:cluster';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino } from 'pino';
import { buildApp } from './app';
import { localServerUrl, offerAdminBootstrap } from './features/admin';
import { recordPublicUrl } from './db/server-settings';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { startClusterMetricsServer } from './plugins/metrics-cluster';
import { startMetricsServer, type MetricsServer } from './plugins/metrics-server';
import { guardConnections } from './connection-guard';
import { startupProblem } from './startup-errors';
import { answerWatchdog, startWatchdog } from './worker-watchdog';
import { QUICK_MS, restartDecision } from './worker-restarts';

/**
 * The listener. With one worker (always on PGlite) this process serves; with more, it is the
 * primary of a node:cluster that forks the workers, restarts one that dies, and passes SIGTERM
 * on to them. Every process shuts down gracefully: in-flight requests are answered, then it
 * exits, at the latest after SHUTDOWN_GRACE_MS.
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (cluster.isPrimary && Number(process.versions.node.split('.')[0]) < MIN_NODE_MAJOR)
    console.warn(
      `Arcadia targets Node 24 (at least ${MIN_NODE_MAJOR}); this is Node ${process.versions.node}. ` +
        '`npm start` brings Node 24 with the node package; run the server through it.',
    );
  if (config.workers > 1 && cluster.isPrimary) await runPrimary(config);
  else await serve(config);
}

/** The oldest Node the server is tested on (package.json engines: >=22.12). */
const MIN_NODE_MAJOR = 22;

/** How long a shutting-down server goes on taking requests before it closes at a quiet moment. */
const DRAIN_MS = 500;

async function serve(config: Config): Promise<void> {
  // A worker answers the primary's pings, so a stuck one is replaced (worker-watchdog.ts).
  if (cluster.isWorker) answerWatchdog();
  const app = await buildApp({ config });
  // The admin CLI's links (cards, news) are this address unless its own shell sets PUBLIC_URL.
  await recordPublicUrl(app.db, config.publicUrl);
  // The first admin: a one-time secret for `npm run admin -- admin grant` while none exists.
  const bootstrapFile = await offerAdminBootstrap(
    app.db,
    config.dataDir,
    localServerUrl(config.host, config.port),
  );
  if (bootstrapFile)
    app.log.info(
      `No admin yet: npm run admin -- admin grant --email <e-mail> (uses ${bootstrapFile})`,
    );
  app.server.keepAliveTimeout = 72_000;
  app.server.requestTimeout = 30_000;
  guardConnections(app.server, config.connections);
  let closing = false;
  let closed = false;
  let accepted = 0;
  app.server.on('connection', () => (accepted += 1));
  // The answers being worked on, so that the shutdown can close their connections once they are
  // sent: a keep-alive connection left open would hold the exit until its client hangs up.
  const open = new Set<ServerResponse>();
  app.server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    open.add(response);
    if (closed) response.setHeader('connection', 'close');
    response.once('close', () => {
      open.delete(response);
      // One whose headers went out before (an event stream) kept its connection open.
      if (closed) app.server.closeIdleConnections();
    });
  });
  const close = () => {
    closed = true;
    for (const response of open)
      if (!response.headersSent) response.setHeader('connection', 'close');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // Closing the server drops every connection that looks idle, and one whose request is not read
  // yet looks idle: close after two turns of the event loop without a new connection (one turn
  // accepts one connection, the next reads its request; a busy PGlite makes turns long), or at
  // the deadline.
  const closeWhenQuiet = (deadline: number) => {
    const before = accepted;
    setImmediate(() =>
      setImmediate(() => {
        if (accepted > before && performance.now() < deadline) closeWhenQuiet(deadline);
        else close();
      }),
    );
  };
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.warn('requests still open after the shutdown grace period; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    // Requests on their way are still taken for a moment (keep-alive connections stay open
    // meanwhile, so clients do not reconnect); then the server closes at a quiet moment.
    const drain = Math.min(DRAIN_MS, config.shutdownGraceMs / 4);
    setTimeout(() => closeWhenQuiet(performance.now() + config.shutdownGraceMs / 2 - drain), drain);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  const pool = await app.database.warm();
  if (pool.open < pool.wanted)
    app.log.warn(
      pool,
      'The database did not open the whole pool (is DB_POOL_SIZE × processes above its ' +
        'max_connections?); the rest is opened when needed',
    );
  await app.listen({ port: config.port, host: config.host });
  // In a worker this does nothing: the primary serves every worker's metrics together.
  await startMetricsServer(app);
  if (cluster.isPrimary) app.log.info(`Arcadia is running at ${config.publicUrl}`);
}

async function runPrimary(config: Config): Promise<void> {
  const log = pino({ level: config.logLevel }).child({ component: 'cluster' });
  let stopping = false;
  let quickRestarts = 0;
  // Set once the listener is up; a signal may come before.
  const metrics: { server?: MetricsServer } = {};
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  const watchdog =
    config.workerWatchdogMs > 0
      ? startWatchdog({
          timeoutMs: config.workerWatchdogMs,
          intervalMs: Math.max(100, Math.min(5_000, config.workerWatchdogMs / 4)),
          onUnresponsive: (worker, silentMs) =>
            log.error(
              { pid: worker.process.pid, silentMs },
              'a worker stopped answering; killing it (a new one starts)',
            ),
        })
      : undefined;
  let listening = 0;
  cluster.on('listening', (worker) => {
    watchdog?.watch(worker);
    listening += 1;
    if (listening === config.workers)
      log.info(`Arcadia is running at ${config.publicUrl} with ${config.workers} workers`);
  });
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    quickRestarts = lived < QUICK_MS ? quickRestarts + 1 : 0;
    const others = Object.values(cluster.workers ?? {}).filter(
      (w) => w && w.id !== worker.id && !w.isDead(),
    ).length;
    const decision = restartDecision(quickRestarts, others);
    if (decision.action === 'give-up') {
      log.fatal(`workers keep dying at start (last: code ${code}, signal ${signal}); giving up`);
      process.exit(1);
    }
    if (decision.action === 'retry-later') {
      log.error(
        { pid: worker.process.pid, code, signal, retryInMs: decision.delayMs },
        'a worker keeps dying at start; the others serve on; trying again later',
      );
      setTimeout(() => {
        if (!stopping) fork();
      }, decision.delayMs);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'worker died; starting a new one');
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    watchdog?.stop();
    log.info({ signal }, 'shutting down the workers');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    void metrics.server?.close();
    setTimeout(() => process.exit(1), config.shutdownGraceMs + 1_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < config.workers; i++) fork();
  metrics.server = await startClusterMetricsServer(config, log);
}

main().catch((error: unknown) => {
  // A second process on the same PGlite directory: one clear line, no stack.
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(75);
  }
  // A setting that does not fit this machine (the port taken, the database unreachable): the
  // setting's name and what happened, no stack.
  let problem: string | undefined;
  try {
    problem = startupProblem(error, loadConfig());
  } catch {
    problem = undefined;
  }
  console.error(problem ?? error);
  process.exit(1);
});
