import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on loopback for tests: records every POST and answers with the status set for
 * its path (201 by default), so tests can make a subscription gone (410) or the service fail.
 */
export interface TestPushService {
  base: string;
  port: number;
  endpoint(name: string): string;
  received: ReceivedPush[];
  /**
   * Answers this status for this endpoint name from now on (0: never answers, a hung service);
   * pushes held by a 0 before are answered with it now.
   */
  answer(name: string, status: number): void;
  /** Resolves once `count` pushes reached this endpoint name (all pushes when none given). */
  waitFor(count: number, name?: string, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/** A port nobody listens on (yet): a push service that is down. */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startPushService(port = 0): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const held = new Map<string, http.ServerResponse[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const status = statuses.get(path) ?? 201;
      if (status === 0) {
        held.set(path, [...(held.get(path) ?? []), res]);
        return;
      }
      if (req.method === 'POST' && status < 300) {
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      }
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${actual}`;
  const pathOf = (name: string) => `/push/${name}`;
  return {
    base,
    port: actual,
    endpoint: (name) => `${base}${pathOf(name)}`,
    received,
    answer: (name, status) => {
      statuses.set(pathOf(name), status);
      if (status === 0) return;
      for (const res of held.get(pathOf(name)) ?? []) {
        res.statusCode = status;
        res.end();
      }
      held.delete(pathOf(name));
    },
    async waitFor(count, name, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const matching = () => received.filter((r) => !name || r.path === pathOf(name));
      while (matching().length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} pushes to ${name ?? 'any'}, got ${matching().length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return matching();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
