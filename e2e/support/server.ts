/**
 * The real server for browser journeys: `buildApp` from apps/server on a fresh PGlite data
 * directory, the embedded identity provider at its own public URL, the demo content seeded, and
 * the production build of the web app.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
const builtDist = path.join(repoRoot, 'apps/web/dist');

export interface E2eServer {
  /** http://localhost:port — the app, the API and the identity provider. */
  url: string;
  port: number;
  dataDir: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Extra environment for the server's config. */
  env?: Record<string, string>;
  /** Seed the demo content (news with images, arcades, games). Default true. */
  seedDemo?: boolean;
}

/** A free loopback port (the provider must know its public URL before it listens). */
export async function freePort(): Promise<number> {
  if (process.env.E2E_PORT) return Number(process.env.E2E_PORT);
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The web build the server serves: a snapshot of apps/web/dist (which `npm test` builds first),
 * copied so that a rebuild by someone else during the run cannot swap the files underneath; when
 * there is no build yet, one is made into the snapshot folder.
 */
function snapshotWebBuild(into: string): string {
  const target = path.join(into, 'web');
  if (fs.existsSync(path.join(builtDist, 'index.html'))) {
    fs.cpSync(builtDist, target, { recursive: true });
    return target;
  }
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', target, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: path.join(repoRoot, 'apps/web'), stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('e2e: building the web app failed');
  return target;
}

export async function startServer(options: ServerOptions = {}): Promise<E2eServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-e2e-'));
  const webDist = snapshotWebBuild(dataDir);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: path.join(dataDir, 'data'),
    SEED_DEMO: options.seedDemo === false ? 'false' : 'true',
    WEB_DIST: webDist,
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    // Two journeys run side by side on two cores (e2e/vitest.config.ts): a server seeding its
    // demo content beside the other's Chromium saw its event loop held over the 1 s at which it
    // sheds requests with 503 'overloaded'. Shedding has its own tests (plugins/overload).
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  const app = await buildApp({ config });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url,
    port,
    dataDir,
    app,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
