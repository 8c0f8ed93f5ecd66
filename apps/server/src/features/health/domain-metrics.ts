import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { DomainCounters } from '../../plugins/metrics';
import { countOnlineDevices, rosterEventsConnected } from '../devices';
import { ingestWaiting } from '../games';
import { liveChannelStats } from '../live';
import { withTimeout } from './timeout';
import {
  DEFAULT_PUSH_WORKER_OPTIONS,
  outboxBacklog,
  pushWorkerOf,
  type OutboxBacklog,
} from '../push';

/**
 * The features' figures for Prometheus (the pool's are the metrics plugin's): gauges read from the
 * database when scraped (cheap queries, each bounded by PROBE_TIMEOUT_MS). A figure that is not
 * known (the read failed) is NaN rather than a stale value: comparisons with it are false, so it
 * neither fires nor clears an alert (arcadia_database_up tells why).
 *
 * Aggregation across cluster workers (see metrics-cluster.ts): per-process figures add up;
 * figures every worker reads from the same database take the maximum; "is it up" takes the
 * minimum, so one worker without it shows.
 */

/** How long a scrape waits for one database figure. */
const PROBE_TIMEOUT_MS = 2000;

/**
 * Sets a gauge from a database read on every scrape; on failure the gauge is NaN and the failure
 * logged once until the read works again.
 */
function probe(app: FastifyInstance, name: string, read: (gauge: Gauge) => Promise<void>) {
  let failing = false;
  return async function collect(this: Gauge) {
    try {
      await withTimeout(read(this), PROBE_TIMEOUT_MS);
      failing = false;
    } catch (error) {
      this.set(Number.NaN);
      if (!failing) app.log.warn({ err: error, metric: name }, 'metric could not be read');
      failing = true;
    }
  };
}

/**
 * The outbox backlog, read once for the three gauges of one scrape: prom-client collects a
 * scrape's metrics at the same time, so they share the read in flight.
 */
function sharedBacklog(app: FastifyInstance): () => Promise<OutboxBacklog> {
  let reading: Promise<OutboxBacklog> | undefined;
  return () => {
    if (!reading) {
      const maxAttempts =
        pushWorkerOf(app)?.options.maxAttempts ?? DEFAULT_PUSH_WORKER_OPTIONS.maxAttempts;
      reading = outboxBacklog(app.db, maxAttempts).finally(() => (reading = undefined));
    }
    return reading;
  };
}

/** Gauges read on scrape, and the counters the features move. */
export function registerDomainMetrics(registry: Registry, app: FastifyInstance): DomainCounters {
  const registers = [registry];
  const backlog = sharedBacklog(app);
  new Gauge({
    name: 'arcadia_database_up',
    help: 'Whether the database answered a ping in this scrape (1) or not (0)',
    registers,
    aggregator: 'min',
    async collect() {
      try {
        await withTimeout(app.database.ping(), PROBE_TIMEOUT_MS);
        this.set(1);
      } catch {
        this.set(0);
      }
    },
  });
  new Gauge({
    name: 'arcadia_devices_online',
    help: 'Devices not disabled with a heartbeat within the offline window (DEVICE_OFFLINE_AFTER_SECONDS)',
    registers,
    aggregator: 'max',
    collect: probe(app, 'arcadia_devices_online', async (gauge) => {
      gauge.set(await countOnlineDevices(app.db));
    }),
  });
  // Two per-process figures rather than one NaN-until-started flag: they add up across workers
  // (NaN does not survive the cluster's JSON messages), and started - connected is what is down.
  new Gauge({
    name: 'arcadia_roster_listen_started',
    help: 'Processes listening for roster changes (started when a device first waits)',
    registers,
    collect() {
      this.set(rosterEventsConnected(app.database) === undefined ? 0 : 1);
    },
  });
  new Gauge({
    name: 'arcadia_roster_listen_connected',
    help: 'Processes whose roster LISTEN connection is up',
    registers,
    collect() {
      this.set(rosterEventsConnected(app.database) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'arcadia_live_streams',
    help: "Players' live channels (GET /api/live) open in this process",
    registers,
    collect() {
      this.set(liveChannelStats(app.database).streams);
    },
  });
  new Gauge({
    name: 'arcadia_live_listen_started',
    help: 'Processes listening for live hints (started when the first live channel opens)',
    registers,
    collect() {
      this.set(liveChannelStats(app.database).listening === undefined ? 0 : 1);
    },
  });
  new Gauge({
    name: 'arcadia_live_listen_connected',
    help: 'Processes whose live LISTEN connection is up',
    registers,
    collect() {
      this.set(liveChannelStats(app.database).listening ? 1 : 0);
    },
  });
  new Gauge({
    name: 'arcadia_push_outbox_pending',
    help: 'Push deliveries not yet sent and still to be tried',
    registers,
    aggregator: 'max',
    collect: probe(app, 'arcadia_push_outbox_pending', async (gauge) => {
      gauge.set((await backlog()).pending);
    }),
  });
  new Gauge({
    name: 'arcadia_push_outbox_given_up',
    help: 'Push deliveries given up after the last attempt (kept for inspection until pruned)',
    registers,
    aggregator: 'max',
    collect: probe(app, 'arcadia_push_outbox_given_up', async (gauge) => {
      gauge.set((await backlog()).givenUp);
    }),
  });
  new Gauge({
    name: 'arcadia_push_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest push delivery still to be tried (0 when none)',
    registers,
    aggregator: 'max',
    collect: probe(app, 'arcadia_push_outbox_oldest_pending_age_seconds', async (gauge) => {
      gauge.set((await backlog()).oldestPendingSeconds);
    }),
  });
  new Gauge({
    name: 'arcadia_ingest_waiting',
    help: 'Game reports waiting for their turn to be stored (INGEST_TRANSACTIONS are in flight)',
    registers,
    collect() {
      this.set(ingestWaiting(app.db));
    },
  });
  const gamesIngested = new Counter({
    name: 'arcadia_games_ingested_total',
    help: 'Game reports that stored a new game (repeated reports are not counted)',
    registers,
  });
  return { gamesIngested };
}
