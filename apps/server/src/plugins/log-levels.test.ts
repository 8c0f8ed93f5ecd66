import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase } from '../../test/support/database';
import { capturedLog } from '../../test/support/log-lines';
import { componentLog, componentOfRoute } from './logging';

/** An app logging to an array, with the given LOG_LEVEL and LOG_LEVELS. */
async function appLogging(level: string, levels: string) {
  const log = capturedLog();
  const testDb = await openTestDatabase();
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: level,
      LOG_LEVELS: levels,
      SEED_DEMO: 'false',
      OIDC_ISSUER: 'https://issuer.invalid/',
      OIDC_AUDIENCE: 'aud',
      OIDC_CLIENT_ID: 'client',
    }),
    database: testDb.database,
    logStream: log.stream,
  });
  return { app, entries: log.entries, testDb };
}

describe('LOG_LEVELS: a log level per component', () => {
  let opened: Awaited<ReturnType<typeof appLogging>> | undefined;
  afterEach(async () => {
    await opened?.app.close();
    await opened?.testDb.drop();
    opened = undefined;
  });

  it('silences request logs with http=warn while the rest logs at info', async () => {
    opened = await appLogging('info', 'http=warn');
    const { app, entries } = opened;
    await app.inject({ method: 'GET', url: '/api/health' });
    componentLog(app, 'push').info('push line');
    expect(entries().filter((l) => l.msg === 'request completed')).toHaveLength(0);
    expect(entries()).toContainEqual(
      expect.objectContaining({ component: 'push', msg: 'push line' }),
    );
  });

  it('turns one component up to debug below a quiet LOG_LEVEL', async () => {
    opened = await appLogging('warn', 'http=info,push=debug');
    const { app, entries } = opened;
    await app.inject({ method: 'GET', url: '/api/health' });
    componentLog(app, 'push').debug('push detail');
    componentLog(app, 'oidc').info('oidc chatter');
    expect(entries().filter((l) => l.msg === 'request completed')).toHaveLength(1);
    expect(entries()).toContainEqual(
      expect.objectContaining({ component: 'push', msg: 'push detail' }),
    );
    expect(entries().some((l) => l.msg === 'oidc chatter')).toBe(false);
  });

  it('assigns routes to components by their path', () => {
    expect(componentOfRoute('/oidc/*')).toBe('oidc');
    expect(componentOfRoute('/api/device/v1/games')).toBe('device');
    expect(componentOfRoute('/api/v2/news/:slug')).toBe('news');
    expect(componentOfRoute('/api/v2/user/me')).toBe('http');
  });
});
