import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';

/**
 * A cluster worker for metrics-cluster.test.ts (run with `--import tsx`): the real app, with
 * METRICS_PORT set as a clustered server has it, on the test's PostgreSQL database shared by all
 * workers (or an in-memory PGlite of its own). Worker n answers n health checks, then tells the
 * primary it is ready to be scraped.
 */
const n = Number(process.env.WORKER_NUMBER);
const url = process.env.WORKER_DATABASE_URL;
const database = await openDatabase(url ? { url, poolSize: 2 } : {});
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  METRICS_PORT: '0',
  OIDC_ISSUER: 'http://127.0.0.1:9/issuer',
  OIDC_AUDIENCE: 'arcadia-test',
  OIDC_CLIENT_ID: 'arcadia-test',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();
for (let i = 0; i < n; i++) await app.inject({ method: 'GET', url: '/api/health' });
process.send?.('ready');
