import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/support/app';
import { sampleValue } from '../../test/support/prometheus';
import {
  addArcade,
  addDevice,
  addPlayer,
  deviceRequest,
  report,
  setLastSeen,
  type TestDevice,
} from '../../test/support/arcade';
import { startMetricsServer } from './metrics-server';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('metrics at /metrics on the main port (METRICS_TOKEN)', () => {
  let t: TestApp;
  let device: TestDevice;

  const scrape = async (app: TestApp = t): Promise<string> => {
    const res = await app.request('GET', '/metrics', { token: TOKEN });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.body as string;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    await addArcade(t, 'metrics-arcade');
    device = await addDevice(t, 'metrics-arcade', 'arena-1');
  });
  afterAll(() => t.close());

  it('refuses a scrape without the token or with a wrong one, in the API error shape', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of attempts) {
      const res = await t.request('GET', '/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: { code: 'unauthorized', message: 'A valid metrics token is required' },
      });
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('records a request under its route pattern, never its URL', async () => {
    const slug = 'no-such-article-4711';
    const res = await t.request('GET', `/api/news/${slug}`);
    expect(res.status).toBe(404);
    const text = await scrape();
    const labels = { method: 'GET', route: '/api/news/:slug', status_code: '404' };
    expect(sampleValue(text, 'http_request_duration_seconds_count', labels)).toBe(1);
    expect(
      sampleValue(text, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).toBe(1);
    expect(text).not.toContain(slug);
    // Scrapes are not measured.
    expect(text).not.toContain('route="/metrics"');
  });

  it('counts a stored game once, and not its repeated report', async () => {
    const before = sampleValue(await scrape(), 'arcadia_games_ingested_total');
    expect(before).toBe(0);
    const game = report({
      players: [{ guestName: 'Gast 1', teamId: 1, kills: 3, deaths: 1, score: 300 }],
    });
    expect((await deviceRequest(t, device)('POST', '/games', game)).status).toBe(201);
    expect(sampleValue(await scrape(), 'arcadia_games_ingested_total')).toBe(1);
    expect((await deviceRequest(t, device)('POST', '/games', game)).status).toBe(200);
    expect(sampleValue(await scrape(), 'arcadia_games_ingested_total')).toBe(1);
  });

  it('reports the push outbox depth and the age of its oldest pending row', async () => {
    const empty = await scrape();
    expect(sampleValue(empty, 'arcadia_push_outbox_pending')).toBe(0);
    expect(sampleValue(empty, 'arcadia_push_outbox_oldest_pending_age_seconds')).toBe(0);
    const player = await addPlayer(t, 'Outbox');
    // Not due for an hour: the outbox worker (its poll is every second) would otherwise drop
    // them between the insert and the scrape on a loaded machine (their player has no device).
    const row = (age: string, attempts: number, sent: boolean) => sql`
      insert into push_outbox (user_id, kind, payload, attempts, created_at, sent_at,
                               next_attempt_at)
      values (${player.id}::uuid, 'news', '{}'::jsonb, ${attempts},
              now() - ${age}::interval, ${sent ? sql`now()` : sql`null`},
              now() + interval '1 hour')`;
    await t.db.execute(row('10 minutes', 0, false));
    await t.db.execute(row('2 minutes', 3, false));
    await t.db.execute(row('1 hour', 8, false)); // given up (8 attempts is the maximum)
    await t.db.execute(row('2 hours', 1, true)); // delivered
    const text = await scrape();
    expect(sampleValue(text, 'arcadia_push_outbox_pending')).toBe(2);
    expect(sampleValue(text, 'arcadia_push_outbox_given_up')).toBe(1);
    const oldest = sampleValue(text, 'arcadia_push_outbox_oldest_pending_age_seconds')!;
    expect(oldest).toBeGreaterThanOrEqual(600);
    expect(oldest).toBeLessThan(660);
    await t.db.execute(sql`delete from push_outbox`);
  });

  it('reports the devices with a heartbeat within the offline window', async () => {
    await addDevice(t, 'metrics-arcade', 'never-seen', { online: false });
    const stale = await addDevice(t, 'metrics-arcade', 'stale');
    await setLastSeen(t, stale.arcade, stale.id, new Date(Date.now() - 5 * 60_000));
    expect(sampleValue(await scrape(), 'arcadia_devices_online')).toBe(1);
    await setLastSeen(t, stale.arcade, stale.id, new Date());
    expect(sampleValue(await scrape(), 'arcadia_devices_online')).toBe(2);
  });

  it('reports the roster LISTEN once a device waits on its roster', async () => {
    const before = await scrape();
    expect(sampleValue(before, 'arcadia_roster_listen_started')).toBe(0);
    expect(sampleValue(before, 'arcadia_roster_listen_connected')).toBe(0);
    expect((await deviceRequest(t, device)('GET', '/players')).status).toBe(200);
    const after = await scrape();
    expect(sampleValue(after, 'arcadia_roster_listen_started')).toBe(1);
    expect(sampleValue(after, 'arcadia_roster_listen_connected')).toBe(1);
  });

  it('reports the players’ live channels and their LISTEN once one opens', async () => {
    const before = await scrape();
    expect(sampleValue(before, 'arcadia_live_streams')).toBe(0);
    expect(sampleValue(before, 'arcadia_live_listen_started')).toBe(0);
    const player = await addPlayer(t, 'Streamer');
    const abort = new AbortController();
    const res = await fetch(`${t.url}/api/live`, {
      headers: { authorization: `Bearer ${player.token}` },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    try {
      const open = await scrape();
      expect(sampleValue(open, 'arcadia_live_streams')).toBe(1);
      expect(sampleValue(open, 'arcadia_live_listen_started')).toBe(1);
      expect(sampleValue(open, 'arcadia_live_listen_connected')).toBe(1);
    } finally {
      abort.abort();
    }
  });

  it('reports the database, its pool and the process', async () => {
    const text = await scrape();
    expect(sampleValue(text, 'arcadia_database_up')).toBe(1);
    const total = sampleValue(text, 'arcadia_db_pool_connections')!;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(sampleValue(text, 'arcadia_db_pool_idle_connections')).toBeLessThanOrEqual(total);
    expect(sampleValue(text, 'arcadia_db_pool_waiting')).toBe(0);
    expect(sampleValue(text, 'arcadia_ingest_waiting')).toBe(0);
    expect(sampleValue(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sampleValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  });

  it('keeps one registry per app: another app in this process counts only its own', async () => {
    const other = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      for (let i = 0; i < 3; i++) await other.request('GET', '/api/health');
      const health = { method: 'GET', route: '/api/health', status_code: '200' };
      const mine = sampleValue(await scrape(), 'http_request_duration_seconds_count', health);
      expect(sampleValue(await scrape(other), 'http_request_duration_seconds_count', health)).toBe(
        3,
      );
      expect(sampleValue(await scrape(), 'http_request_duration_seconds_count', health)).toBe(mine);
    } finally {
      await other.close();
    }
  });

  it('does not serve the metrics on a port of its own without METRICS_PORT', async () => {
    expect(await startMetricsServer(t.app)).toBeUndefined();
  });
});

describe('metrics on METRICS_HOST:METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' } });
  });
  afterAll(() => t.close());

  it('serves them there without a token, not on the main port, and closes with the app', async () => {
    const server = await startMetricsServer(t.app);
    expect(server?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await t.request('GET', '/api/health');
    const res = await fetch(`${server!.url}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(
      sampleValue(text, 'http_request_duration_seconds_count', {
        route: '/api/health',
        status_code: '200',
      }),
    ).toBe(1);
    expect((await fetch(`${server!.url}/other`)).status).toBe(404);

    const main = await t.request('GET', '/metrics', { token: TOKEN });
    expect(String(main.body)).not.toContain('http_request_duration_seconds');

    await t.restart();
    await expect(fetch(`${server!.url}/metrics`)).rejects.toThrow();
  });
});

describe('metrics without METRICS_TOKEN and METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('exposes and collects nothing', async () => {
    for (const token of [undefined, TOKEN]) {
      // Unknown paths fall to the web app (its index.html when a build is there), never metrics.
      const res = await t.request('GET', '/metrics', token ? { token } : {});
      expect(res.headers.get('content-type') ?? '').not.toMatch(/^text\/plain/);
      expect(String(res.body)).not.toContain('process_');
    }
    expect(t.app.appMetrics.registry).toBeUndefined();
    expect(await startMetricsServer(t.app)).toBeUndefined();
  });
});
