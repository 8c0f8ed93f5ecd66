import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

export interface Baseline {
  url: string;
  path: string;
  close(): Promise<void>;
}

/**
 * A bare Fastify app on loopback with one JSON route and nothing else (no logger, hooks,
 * database or auth): what the same machine does at best in the same run.
 */
export async function startBaseline(): Promise<Baseline> {
  const app = Fastify({ logger: false });
  app.get('/baseline', async () => ({ id: 'baseline', name: 'Baseline' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    path: '/baseline',
    close: () => app.close(),
  };
}
