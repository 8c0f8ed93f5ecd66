/** What the browser benches share: the build `npm start` serves, the baseline page, a player. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { newAccount, signUp } from '../../../e2e/support/identity';
import {
  repoRoot,
  startServerProcess,
  tempDataDir,
  type ServerProcess,
} from '../../../system/support/server-process';
import { progress } from './report';

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/**
 * Builds as `npm start` does (tools/build.mjs, incremental) and starts the built server on PGlite
 * with the demo content in a fresh data directory; `stop` ends it and removes the directory.
 */
export async function startBuiltApp(
  prefix: string,
): Promise<{ server: ServerProcess; stop(): Promise<void> }> {
  progress('building as `npm start` does (tools/build.mjs)');
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'tools/build.mjs')], {
    cwd: repoRoot,
    stdio: ['ignore', 2, 2],
  });
  if (build.status !== 0) throw new Error('tools/build.mjs failed');
  const data = tempDataDir(prefix);
  const server = await startServerProcess({
    SEED_DEMO: 'true',
    DATA_DIR: data.dir,
    WEB_DIST: path.join(repoRoot, 'apps/web/dist'),
  });
  return {
    server,
    async stop() {
      server.kill('SIGTERM');
      await server.exited;
      data.remove();
    },
  };
}

/** The baseline: one static page from a bare node:http server, nothing else. */
export async function startHelloWorld(
  html: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Signs a new player up at the provider and registers them; the session stays in the page's storage. */
export async function registerNewPlayer(page: Page, appUrl: string, prefix: string): Promise<void> {
  page.setDefaultTimeout(30_000);
  await page.goto(`${appUrl}/login`);
  await signUp(page, newAccount(prefix));
  await page.goto(`${appUrl}/login/registration`);
  await page.getByRole('checkbox', { name: /Ich akzeptiere|I accept/ }).check();
  await page.getByRole('button', { name: /Jetzt Registrieren!|Register now!/ }).click();
  await page.waitForURL(/\/profile\/[0-9a-f-]{36}$/);
}
