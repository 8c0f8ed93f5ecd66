import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { defaultMaxConnections, type ConnectionLimits } from './connection-guard';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const url = z.url({ message: 'must be a URL' });
const count = (min: number, what: string) =>
  z.coerce
    .number({ message: `must be ${what}` })
    .int({ message: `must be ${what}` })
    .min(min, { message: `must be ${what}` });
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** Components whose log level can be set apart from LOG_LEVEL (see `componentLevels`). */
const LOG_COMPONENTS = ['http', 'db', 'oidc', 'push', 'device', 'games', 'news'] as const;
export type LogComponent = (typeof LOG_COMPONENTS)[number];
const componentLevels = z
  .string()
  .regex(
    new RegExp(`^\\s*((${LOG_COMPONENTS.join('|')})=(${LOG_LEVELS.join('|')})\\s*(,\\s*|$))*$`),
    `must be component=level pairs, components: ${LOG_COMPONENTS.join(', ')}`,
  )
  .transform((v) =>
    Object.fromEntries(
      v
        .split(',')
        .map((pair) => pair.trim())
        .filter(Boolean)
        .map((pair) => pair.split('=') as [LogComponent, (typeof LOG_LEVELS)[number]]),
    ),
  );

/** Every environment variable the server reads, with its default. The README's table mirrors it. */
const envSchema = z.object({
  // Production unless said otherwise: `npm run dev` and the tests opt into development or test.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ message: 'must be a port number (0 to 65535)' })
    .int({ message: 'must be a port number (0 to 65535)' })
    .min(0, { message: 'must be a port number (0 to 65535)' })
    .max(65535, { message: 'must be a port number (0 to 65535)' })
    .default(8080),
  HOST: z.string().default('0.0.0.0'),
  // A web address: `localhost:8080` is a URL too (scheme `localhost:`), and the provider's issuer
  // then failed after the migrations and the demo seed had run.
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  LOG_LEVELS: componentLevels.default({}),
  CORS_ORIGINS: list.default([]),
  RATE_LIMIT_MAX: z.coerce
    .number({ message: 'must be a whole number above 0' })
    .int({ message: 'must be a whole number above 0' })
    .positive({ message: 'must be a whole number above 0' })
    .default(600),
  AUTH_RATE_LIMIT_MAX: count(1, 'a whole number above 0').default(30),
  BODY_LIMIT_BYTES: z.coerce
    .number({ message: 'must be a number of bytes above 0' })
    .int({ message: 'must be a number of bytes above 0' })
    .positive({ message: 'must be a number of bytes above 0' })
    .default(262_144),
  SEED_DEMO: bool.optional(),
  WORKERS: count(1, 'a whole number of processes above 0').optional(),
  DB_POOL_SIZE: count(1, 'a whole number of connections above 0').default(20),
  INGEST_TRANSACTIONS: count(1, 'a whole number of transactions above 0').optional(),
  INGEST_BATCH_GAMES: count(1, 'a whole number of games above 0').default(8),
  MAX_CONNECTIONS: count(1, 'a whole number of connections above 0').optional(),
  MAX_CONNECTIONS_PER_CLIENT: count(0, 'a whole number of connections (0 = no limit)').optional(),
  DB_STATEMENT_TIMEOUT_MS: count(0, 'a number of milliseconds (0 = none)').default(15_000),
  SHUTDOWN_GRACE_MS: count(0, 'a number of milliseconds').default(10_000),
  WORKER_WATCHDOG_MS: count(0, 'a number of milliseconds').default(30_000),
  LIVE_SWEEP_MS: count(50, 'a number of milliseconds (at least 50)').default(10_000),
  METRICS_PORT: count(0, 'a port number (0 to 65535)')
    .max(65535, 'must be a port number (0 to 65535)')
    .optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: url.optional(),
  OTEL_SERVICE_NAME: z.string().default('arcadia'),
  OVERLOAD_EVENT_LOOP_DELAY_MS: count(0, 'a number of milliseconds (0 = off)').default(1_000),
  OVERLOAD_POOL_WAITING: count(0, 'a number of queued queries (0 = off)').optional(),
  WEB_DIST: z.string().optional(),
  OIDC_ISSUER: url.optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_JWKS_URI: url.optional(),
  API_AUDIENCE: z.string().min(1).optional(),
  NATIVE_APP_SCHEME: z
    .string()
    .regex(/^[a-z][a-z0-9+.-]*$/, 'must be a URL scheme')
    .default('de.arcadia.app'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Arcadia <no-reply@arcadia.local>'),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:support@arcadia.local'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[\d.:a-fA-F/, ]+)$/, 'must be true, false, a hop count or addresses')
    .default('false'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits, _ : . or -')
    .default('arcadia:'),
  // Push endpoints only at these host suffixes (a leading dot: subdomains only) when set.
  PUSH_ALLOWED_HOSTS: list
    .refine((hosts) => hosts.every((h) => /^\.?[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(h)), {
      message: 'must be host names or .suffixes, comma-separated',
    })
    .optional(),
  // App links (Android) and universal links (iOS) for the native app, served at /.well-known.
  ANDROID_APP_PACKAGE: z
    .string()
    .regex(/^[a-zA-Z]\w*(\.[a-zA-Z]\w*)+$/, 'must be an Android package name')
    .optional(),
  ANDROID_APP_SHA256: list
    .refine(
      (prints) =>
        prints.length > 0 && prints.every((f) => /^([0-9a-f]{2}:){31}[0-9a-f]{2}$/i.test(f)),
      {
        message: 'must be SHA-256 certificate fingerprints (AB:CD:…, 32 bytes), comma-separated',
      },
    )
    .optional(),
  IOS_APP_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/, 'must be TEAMID.bundle.id')
    .optional(),
  // News from Contentful's delivery API instead of the built-in content service, when set.
  CONTENTFUL_SPACE_ID: z
    .string()
    .regex(/^[a-z0-9]{1,64}$/i, 'must be a Contentful space id (letters and digits)')
    .optional(),
  CONTENTFUL_ACCESS_TOKEN: z
    .string()
    .regex(/^[\w-]{8,}$/, 'must be a Content Delivery API access token')
    .optional(),
  CONTENTFUL_ENVIRONMENT: z
    .string()
    .regex(/^[a-z0-9_.-]{1,64}$/i, 'must be a Contentful environment id')
    .default('master'),
  // Which Contentful locale codes our de and en are (a space may use de-DE and en-US).
  CONTENTFUL_LOCALES: z
    .string()
    .regex(
      /^\s*(de|en)=[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*\s*,\s*(?!\1)(de|en)=[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*\s*$/,
      'must be de=<code>,en=<code> (Contentful locale codes, e.g. de=de-DE,en=en-US)',
    )
    .transform((v) => {
      const pairs = v.split(',').map((pair) => pair.trim().split('=') as ['de' | 'en', string]);
      return Object.fromEntries(pairs) as Record<'de' | 'en', string>;
    })
    .default({ de: 'de', en: 'en' }),
  // The delivery API's host (host[:port], or an http(s):// URL for a local test server).
  CONTENTFUL_HOST: z
    .string()
    .regex(
      /^(https?:\/\/)?[a-z0-9.-]+(:\d{1,5})?\/?$/i,
      'must be a host name (with an optional port) or an http(s):// URL',
    )
    .default('cdn.contentful.com'),
});

/**
 * Rules between variables, checked on the raw environment apart from the schema so they are
 * reported even when single variables are bad too (zod skips refinements after some issues).
 */
function crossFieldProblems(source: NodeJS.ProcessEnv): Array<[string, string]> {
  const problems: Array<[string, string]> = [];
  const external = ['OIDC_ISSUER', 'OIDC_AUDIENCE', 'OIDC_CLIENT_ID'] as const;
  if (external.some((key) => source[key]) && !external.every((key) => source[key])) {
    for (const key of external) {
      if (!source[key])
        problems.push([
          key,
          'must be set together with OIDC_ISSUER, OIDC_AUDIENCE and OIDC_CLIENT_ID',
        ]);
    }
  }
  if (source.WORKERS && Number(source.WORKERS) > 1 && !source.DATABASE_URL) {
    problems.push(['WORKERS', 'more than one process needs DATABASE_URL (PGlite is one process)']);
  }
  if (Boolean(source.ANDROID_APP_PACKAGE) !== Boolean(source.ANDROID_APP_SHA256)) {
    problems.push([
      source.ANDROID_APP_PACKAGE ? 'ANDROID_APP_SHA256' : 'ANDROID_APP_PACKAGE',
      'ANDROID_APP_PACKAGE and ANDROID_APP_SHA256 go together',
    ]);
  }
  if (Boolean(source.CONTENTFUL_SPACE_ID) !== Boolean(source.CONTENTFUL_ACCESS_TOKEN)) {
    problems.push([
      source.CONTENTFUL_SPACE_ID ? 'CONTENTFUL_ACCESS_TOKEN' : 'CONTENTFUL_SPACE_ID',
      'CONTENTFUL_SPACE_ID and CONTENTFUL_ACCESS_TOKEN go together',
    ]);
  }
  if (Boolean(source.VAPID_PUBLIC_KEY) !== Boolean(source.VAPID_PRIVATE_KEY)) {
    problems.push(['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together']);
  }
  return problems;
}

type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Per-component levels that differ from `logLevel` (`LOG_LEVELS=push=debug,oidc=warn`). */
  logLevels: Partial<Record<LogComponent, Env['LOG_LEVEL']>>;
  corsOrigins: string[];
  rateLimitMax: number;
  /**
   * Sign-ups, sign-ins and password-reset requests per client address in 10 minutes, each
   * (token requests: ten times as many); the per-e-mail limits are fixed.
   */
  authRateLimitMax: number;
  bodyLimit: number;
  seedDemo: boolean;
  /** Server processes `npm start` runs: one on PGlite (it is one process), else WORKERS or cores. */
  workers: number;
  db: { poolSize: number; statementTimeoutMs: number };
  /**
   * Ingest transactions in flight per process (by default 3 shared out over the processes, at
   * least one each), and the most reports one of them stores (features/games/ingest-queue.ts);
   * others wait.
   */
  ingest: { transactions: number; batch: number };
  shutdownGraceMs: number;
  /** A worker that has not answered the primary's ping for this long is killed and replaced (0: never). */
  workerWatchdogMs: number;
  /** How often the live channel looks whether connected players' devices went offline. */
  liveSweepMs: number;
  /** Prometheus metrics: on their own port, and/or at /metrics on the main port behind a token. */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /** OpenTelemetry traces go to this OTLP/HTTP endpoint when it is set. */
  otel: { endpoint: string | undefined; serviceName: string };
  /** Load shedding: 503 + Retry-After beyond these (0 = that check is off). */
  overload: { eventLoopDelayMs: number; poolWaiting: number };
  webDist: string;
  nativeAppScheme: string;
  /** Where access tokens come from: the embedded provider, or an external issuer. */
  auth:
    | { mode: 'embedded'; issuer: string; audience: string; clientId: string }
    | {
        mode: 'external';
        issuer: string;
        audience: string;
        clientId: string;
        jwksUri: string | undefined;
      };
  smtpUrl: string | undefined;
  mailFrom: string;
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  redisUrl: string | undefined;
  /** Every Redis key starts with it: deployments (or test runs) sharing one Redis stay apart. */
  redisKeyPrefix: string;
  /** Push endpoints may only be at these host suffixes (lower case); undefined: any public host. */
  pushAllowedHosts: string[] | undefined;
  /** The native app, for /.well-known/assetlinks.json and apple-app-site-association. */
  appLinks: {
    android: { packageName: string; sha256: string[] } | undefined;
    iosAppId: string | undefined;
  };
  /** Whether X-Forwarded-* are believed: false, true, a hop count, or proxy addresses. */
  trustProxy: boolean | number | string[];
  /** What one process's connections may hold (connection-guard.ts). */
  connections: ConnectionLimits;
  /** News from Contentful's delivery API (features/news/contentful.ts); undefined: built in. */
  contentful: ContentfulConfig | undefined;
}

export interface ContentfulConfig {
  spaceId: string;
  accessToken: string;
  environment: string;
  /** host[:port] of the delivery API. */
  host: string;
  /** Plain http (a local test server): only when CONTENTFUL_HOST says http://. */
  insecure: boolean;
  /** The space's locale codes of our languages. */
  locales: Record<'de' | 'en', string>;
}

function contentfulConfig(env: Env): ContentfulConfig | undefined {
  if (!env.CONTENTFUL_SPACE_ID || !env.CONTENTFUL_ACCESS_TOKEN) return undefined;
  const host = env.CONTENTFUL_HOST.replace(/\/$/, '');
  return {
    spaceId: env.CONTENTFUL_SPACE_ID,
    accessToken: env.CONTENTFUL_ACCESS_TOKEN,
    environment: env.CONTENTFUL_ENVIRONMENT,
    host: host.replace(/^https?:\/\//i, ''),
    insecure: /^http:\/\//i.test(host),
    locales: env.CONTENTFUL_LOCALES,
  };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The repository root (npm sets INIT_CWD to where `npm start` was typed). */
const baseDir = process.env.INIT_CWD ?? process.cwd();
const repoRoot = path.resolve(import.meta.dirname, '../../..');

const WEB_CLIENT_ID = 'arcadia-web';

/**
 * Open connections per client address by default (without a proxy in front): a phone opens a
 * handful, a venue's players behind one NAT address a few hundred together.
 */
const DEFAULT_CONNECTIONS_PER_CLIENT = 512;
/** How long a new connection may take to send its first request's headers. */
const FIRST_REQUEST_MS = 10_000;

/**
 * Ingest transactions in flight on the host when INGEST_TRANSACTIONS does not say, shared out
 * over the processes (at least one each): they contend for the same rating, rank and statistics
 * rows, so what PostgreSQL spends per game grows with the transactions in flight on the host,
 * not per process (docs/benchmarks.md, session 42: 2 processes with 3 each cost it about 40 %
 * more per game than with 1 each).
 */
const INGEST_TRANSACTIONS_PER_HOST = 3;

/** Parses the environment once into one typed object; throws naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  // One message per bad variable: the first thing wrong with it.
  const problems = new Map<string, string>();
  const issues: Array<[string, string]> = [
    ...(parsed.error?.issues ?? []).map((i): [string, string] => [
      i.path.join('.') || 'env',
      i.message,
    ]),
    ...crossFieldProblems(source),
  ];
  for (const [name, message] of issues) {
    if (!problems.has(name)) problems.set(name, `${name}: ${message}`);
  }
  if (!parsed.success || problems.size > 0) throw new ConfigError([...problems.values()]);
  const env = parsed.data;
  const poolSize = env.DB_POOL_SIZE;
  const workers = env.DATABASE_URL ? (env.WORKERS ?? os.availableParallelism()) : 1;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const auth: Config['auth'] =
    env.OIDC_ISSUER && env.OIDC_AUDIENCE && env.OIDC_CLIENT_ID
      ? {
          mode: 'external',
          issuer: env.OIDC_ISSUER,
          audience: env.OIDC_AUDIENCE,
          clientId: env.OIDC_CLIENT_ID,
          jwksUri: env.OIDC_JWKS_URI,
        }
      : {
          mode: 'embedded',
          issuer: `${publicUrl}/oidc`,
          audience: env.API_AUDIENCE ?? `${publicUrl}/api`,
          clientId: WEB_CLIENT_ID,
        };
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir: path.resolve(baseDir, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    logLevels: env.LOG_LEVELS,
    corsOrigins: env.CORS_ORIGINS,
    rateLimitMax: env.RATE_LIMIT_MAX,
    authRateLimitMax: env.AUTH_RATE_LIMIT_MAX,
    bodyLimit: env.BODY_LIMIT_BYTES,
    // Demo content on the embedded database (the laptop); never by default on a production
    // PostgreSQL, where a venue starts empty.
    seedDemo: env.SEED_DEMO ?? !(env.DATABASE_URL && env.NODE_ENV === 'production'),
    workers,
    db: { poolSize, statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS },
    ingest: {
      transactions:
        env.INGEST_TRANSACTIONS ?? Math.max(1, Math.floor(INGEST_TRANSACTIONS_PER_HOST / workers)),
      batch: env.INGEST_BATCH_GAMES,
    },
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    workerWatchdogMs: env.WORKER_WATCHDOG_MS,
    liveSweepMs: env.LIVE_SWEEP_MS,
    metrics: { port: env.METRICS_PORT, host: env.METRICS_HOST, token: env.METRICS_TOKEN },
    otel: { endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME },
    overload: {
      eventLoopDelayMs: env.OVERLOAD_EVENT_LOOP_DELAY_MS,
      poolWaiting: env.OVERLOAD_POOL_WAITING ?? poolSize * 10,
    },
    webDist: env.WEB_DIST
      ? path.resolve(baseDir, env.WEB_DIST)
      : path.join(repoRoot, 'apps/web/dist'),
    nativeAppScheme: env.NATIVE_APP_SCHEME,
    auth,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: env.VAPID_SUBJECT,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    pushAllowedHosts: env.PUSH_ALLOWED_HOSTS?.length
      ? env.PUSH_ALLOWED_HOSTS.map((h) => h.toLowerCase())
      : undefined,
    appLinks: {
      android:
        env.ANDROID_APP_PACKAGE && env.ANDROID_APP_SHA256
          ? {
              packageName: env.ANDROID_APP_PACKAGE,
              sha256: env.ANDROID_APP_SHA256.map((f) => f.toUpperCase()),
            }
          : undefined,
      iosAppId: env.IOS_APP_ID,
    },
    trustProxy:
      env.TRUST_PROXY === 'true'
        ? true
        : env.TRUST_PROXY === 'false'
          ? false
          : /^\d+$/.test(env.TRUST_PROXY)
            ? Number(env.TRUST_PROXY)
            : env.TRUST_PROXY.split(',').map((a) => a.trim()),
    contentful: contentfulConfig(env),
    connections: {
      max: env.MAX_CONNECTIONS ?? defaultMaxConnections(),
      // Behind a proxy every connection comes from the proxy's address: its own per-client limit
      // (deploy/nginx.conf, limit_conn) counts the players'.
      perClient:
        env.MAX_CONNECTIONS_PER_CLIENT ??
        (env.TRUST_PROXY === 'false' ? DEFAULT_CONNECTIONS_PER_CLIENT : 0),
      firstRequestMs: FIRST_REQUEST_MS,
    },
  };
}
