import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The problems loadConfig reports for `env`; fails the test when it accepts it. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has a default for everything, so an empty environment runs the product', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      logLevel: 'info',
      corsOrigins: [],
      rateLimitMax: 600,
      authRateLimitMax: 30,
      bodyLimit: 262_144,
      ingest: { transactions: 3, batch: 8 },
      seedDemo: true,
      auth: {
        mode: 'embedded',
        issuer: 'http://localhost:8080/oidc',
        audience: 'http://localhost:8080/api',
      },
      vapid: undefined,
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(path.basename(config.dataDir)).toBe('data');
  });

  it('parses lists, booleans, numbers and URLs', () => {
    const config = loadConfig({
      PORT: '9501',
      PUBLIC_URL: 'https://arcadia.example/',
      CORS_ORIGINS: 'https://a.example, https://b.example,,',
      SEED_DEMO: 'no',
      RATE_LIMIT_MAX: '50',
      AUTH_RATE_LIMIT_MAX: '7',
      BODY_LIMIT_BYTES: '2048',
      DATABASE_URL: 'postgresql://u@db:5432/arcadia',
      API_AUDIENCE: 'urn:arcadia:api',
      VAPID_PUBLIC_KEY: 'pub',
      VAPID_PRIVATE_KEY: 'priv',
    });
    expect(config).toMatchObject({
      port: 9501,
      publicUrl: 'https://arcadia.example',
      corsOrigins: ['https://a.example', 'https://b.example'],
      seedDemo: false,
      rateLimitMax: 50,
      authRateLimitMax: 7,
      bodyLimit: 2048,
      databaseUrl: 'postgresql://u@db:5432/arcadia',
      auth: {
        mode: 'embedded',
        issuer: 'https://arcadia.example/oidc',
        audience: 'urn:arcadia:api',
      },
      vapid: { publicKey: 'pub', privateKey: 'priv' },
    });
    expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('reads the operations settings: workers, pool, timeouts, metrics, tracing, load shedding', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://db/arcadia',
      WORKERS: '3',
      DB_POOL_SIZE: '8',
      DB_STATEMENT_TIMEOUT_MS: '5000',
      INGEST_TRANSACTIONS: '4',
      SHUTDOWN_GRACE_MS: '2500',
      LOG_LEVELS: 'push=debug, oidc=warn',
      METRICS_PORT: '9464',
      METRICS_TOKEN: 'a-long-enough-token',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    });
    expect(config).toMatchObject({
      workers: 3,
      db: { poolSize: 8, statementTimeoutMs: 5000 },
      ingest: { transactions: 4, batch: 8 },
      shutdownGraceMs: 2500,
      logLevels: { push: 'debug', oidc: 'warn' },
      metrics: { port: 9464, host: '127.0.0.1', token: 'a-long-enough-token' },
      otel: { endpoint: 'http://127.0.0.1:4318', serviceName: 'arcadia' },
      overload: { eventLoopDelayMs: 0, poolWaiting: 80 },
    });
  });

  it('runs one process on PGlite and one per core on PostgreSQL unless WORKERS says', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/a' }).workers).toBe(os.availableParallelism());
    expect(problemsOf({ WORKERS: '2' })).toEqual([
      'WORKERS: more than one process needs DATABASE_URL (PGlite is one process)',
    ]);
  });

  it('shares 3 ingest transactions out over the processes unless INGEST_TRANSACTIONS says', () => {
    const transactions = (env: Record<string, string>) => loadConfig(env).ingest.transactions;
    expect(transactions({})).toBe(3);
    const pg = { DATABASE_URL: 'postgres://db/a' };
    expect(transactions({ ...pg, WORKERS: '1' })).toBe(3);
    expect(transactions({ ...pg, WORKERS: '2' })).toBe(1);
    expect(transactions({ ...pg, WORKERS: '8' })).toBe(1);
    expect(transactions({ ...pg, WORKERS: '2', INGEST_TRANSACTIONS: '3' })).toBe(3);
  });

  it('limits connections per process and per client address, not per address behind a proxy', () => {
    const connections = (env: Record<string, string>) => loadConfig(env).connections;
    expect(connections({}).max).toBeGreaterThanOrEqual(64);
    expect(connections({}).perClient).toBe(512);
    expect(connections({ TRUST_PROXY: '1' }).perClient).toBe(0);
    expect(connections({ TRUST_PROXY: '1', MAX_CONNECTIONS_PER_CLIENT: '100' }).perClient).toBe(
      100,
    );
    expect(connections({ MAX_CONNECTIONS: '5000' }).max).toBe(5000);
    expect(problemsOf({ MAX_CONNECTIONS: '0' })).toEqual([
      'MAX_CONNECTIONS: must be a whole number of connections above 0',
    ]);
  });

  it('seeds the demo on the embedded database, never by default on a production PostgreSQL', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/a' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/a', NODE_ENV: 'development' }).seedDemo).toBe(
      true,
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://db/a', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('switches to an external issuer when OIDC_ISSUER, OIDC_AUDIENCE and OIDC_CLIENT_ID are set', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://tenant.auth.example/',
      OIDC_AUDIENCE: 'https://api.arcadia.example',
      OIDC_CLIENT_ID: 'spa',
    });
    expect(config.auth).toEqual({
      mode: 'external',
      issuer: 'https://tenant.auth.example/',
      audience: 'https://api.arcadia.example',
      clientId: 'spa',
      jwksUri: undefined,
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '99999'],
    ['PORT', '80.5'],
    ['PUBLIC_URL', 'arcadia.example'],
    ['PUBLIC_URL', 'localhost:8108'],
    ['PUBLIC_URL', 'ftp://example.org'],
    ['DATABASE_URL', 'mysql://db/arcadia'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['RATE_LIMIT_MAX', '0'],
    ['RATE_LIMIT_MAX', '-1.5'],
    ['RATE_LIMIT_MAX', 'many'],
    ['BODY_LIMIT_BYTES', '1e-3'],
    ['SEED_DEMO', 'maybe'],
    ['OIDC_JWKS_URI', 'not a url'],
    ['NATIVE_APP_SCHEME', 'Not A Scheme'],
    ['SMTP_URL', 'http://mail.example'],
    ['REDIS_URL', 'redis.example:6379'],
    ['REDIS_KEY_PREFIX', 'two words'],
    ['WORKERS', '0'],
    ['DB_POOL_SIZE', 'lots'],
    ['DB_STATEMENT_TIMEOUT_MS', '-1'],
    ['INGEST_TRANSACTIONS', '0'],
    ['LOG_LEVELS', 'push=loud'],
    ['LOG_LEVELS', 'nothing=debug'],
    ['METRICS_PORT', '70000'],
    ['METRICS_TOKEN', 'short'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector'],
  ])('names %s=%s in exactly one message', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: \\S`));
  });

  it('reads the push hosts and the native app links', () => {
    expect(loadConfig({})).toMatchObject({
      pushAllowedHosts: undefined,
      appLinks: { android: undefined, iosAppId: undefined },
    });
    const print = Array.from({ length: 32 }, () => 'ab').join(':');
    const config = loadConfig({
      PUSH_ALLOWED_HOSTS: 'fcm.googleapis.com, .notify.windows.com,Web.Push.Apple.com',
      ANDROID_APP_PACKAGE: 'de.arcadia.app',
      ANDROID_APP_SHA256: `${print},${print.replaceAll('ab', 'cd')}`,
      IOS_APP_ID: 'ABCDE12345.de.arcadia.app',
    });
    expect(config.pushAllowedHosts).toEqual([
      'fcm.googleapis.com',
      '.notify.windows.com',
      'web.push.apple.com',
    ]);
    expect(config.appLinks).toEqual({
      android: {
        packageName: 'de.arcadia.app',
        sha256: [print.toUpperCase(), print.replaceAll('ab', 'CD').toUpperCase()],
      },
      iosAppId: 'ABCDE12345.de.arcadia.app',
    });
    expect(
      problemsOf({
        PUSH_ALLOWED_HOSTS: 'https://fcm.googleapis.com/',
        ANDROID_APP_SHA256: 'AB:CD',
        IOS_APP_ID: 'de.arcadia.app',
      })
        .map((p) => p.split(':')[0])
        .sort(),
    ).toEqual(['ANDROID_APP_PACKAGE', 'ANDROID_APP_SHA256', 'IOS_APP_ID', 'PUSH_ALLOWED_HOSTS']);
    expect(problemsOf({ ANDROID_APP_PACKAGE: 'de.arcadia.app' })).toEqual([
      'ANDROID_APP_SHA256: ANDROID_APP_PACKAGE and ANDROID_APP_SHA256 go together',
    ]);
  });

  it('reads news from Contentful when a space and a delivery token are set', () => {
    expect(loadConfig({}).contentful).toBeUndefined();
    expect(
      loadConfig({
        CONTENTFUL_SPACE_ID: 'abc123space',
        CONTENTFUL_ACCESS_TOKEN: 'delivery-token-1',
      }).contentful,
    ).toEqual({
      spaceId: 'abc123space',
      accessToken: 'delivery-token-1',
      environment: 'master',
      host: 'cdn.contentful.com',
      insecure: false,
      locales: { de: 'de', en: 'en' },
    });
    expect(
      loadConfig({
        CONTENTFUL_SPACE_ID: 'abc123space',
        CONTENTFUL_ACCESS_TOKEN: 'delivery-token-1',
        CONTENTFUL_ENVIRONMENT: 'staging',
        CONTENTFUL_HOST: 'http://127.0.0.1:4010/',
        CONTENTFUL_LOCALES: 'en=en-US, de=de-DE',
      }).contentful,
    ).toMatchObject({
      environment: 'staging',
      host: '127.0.0.1:4010',
      insecure: true,
      locales: { de: 'de-DE', en: 'en-US' },
    });
    expect(problemsOf({ CONTENTFUL_SPACE_ID: 'abc123space' })).toEqual([
      'CONTENTFUL_ACCESS_TOKEN: CONTENTFUL_SPACE_ID and CONTENTFUL_ACCESS_TOKEN go together',
    ]);
    expect(
      problemsOf({
        CONTENTFUL_SPACE_ID: 'no spaces/here',
        CONTENTFUL_ACCESS_TOKEN: 'x y',
        CONTENTFUL_ENVIRONMENT: 'a/b',
        CONTENTFUL_HOST: 'ftp://cdn',
        CONTENTFUL_LOCALES: 'de=de-DE,de=de-AT',
      })
        .map((p) => p.split(':')[0])
        .sort(),
    ).toEqual([
      'CONTENTFUL_ACCESS_TOKEN',
      'CONTENTFUL_ENVIRONMENT',
      'CONTENTFUL_HOST',
      'CONTENTFUL_LOCALES',
      'CONTENTFUL_SPACE_ID',
    ]);
  });

  it('names every bad variable of one environment at once, one message each', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      RATE_LIMIT_MAX: '-1.5',
      DATABASE_URL: 'mysql://db',
      SEED_DEMO: 'maybe',
      OIDC_ISSUER: 'https://tenant.auth.example',
      VAPID_PUBLIC_KEY: 'only-half',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'OIDC_AUDIENCE',
      'OIDC_CLIENT_ID',
      'PORT',
      'RATE_LIMIT_MAX',
      'SEED_DEMO',
      'VAPID_PRIVATE_KEY',
    ]);
  });

  it('asks for the missing parts of an external issuer configuration', () => {
    expect(problemsOf({ OIDC_AUDIENCE: 'x', OIDC_CLIENT_ID: 'y' })).toEqual([
      'OIDC_ISSUER: must be set together with OIDC_ISSUER, OIDC_AUDIENCE and OIDC_CLIENT_ID',
    ]);
    expect(problemsOf({ VAPID_PRIVATE_KEY: 'x' })).toEqual([
      'VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
    ]);
  });

  it('puts each problem on its own line of the error message', () => {
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      const lines = (error as Error).message.split('\n');
      expect(lines[0]).toBe('Invalid configuration:');
      expect(lines.slice(1)).toEqual([
        expect.stringMatching(/^ {2}- PORT: /),
        expect.stringMatching(/^ {2}- LOG_LEVEL: /),
      ]);
    }
  });

  it('stops the server at start with those messages and a non-zero exit', () => {
    const server = path.join(import.meta.dirname, 'server.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: { ...process.env, PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid configuration:');
    expect(run.stderr).toMatch(/PORT: /);
    expect(run.stderr).toMatch(/LOG_LEVEL: /);
  });
});
