import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/app';
import { capturedLog } from '../../test/support/log-lines';

/** Sends the start of a request on a raw socket and hangs up `afterMs` later. */
function hangUp(port: number, head: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      // A reset (RST), as a phone losing its connection sends, not a polite close.
      setTimeout(() => socket.resetAndDestroy(), afterMs);
    });
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

/**
 * Clients that hang up early (before the answer, in the middle of their body) cost the server
 * nothing it would log as a failure: the rate limit found no address to count and threw, and a
 * cut-off body was logged as "database unavailable" (the resilience tester's run).
 */
describe('clients that hang up early', () => {
  const log = capturedLog();
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ logStream: log.stream });
    port = Number(new URL(t.url).port);
  });
  afterAll(() => t.close());

  it('log no error and no database trouble, and the server answers the next client', async () => {
    const get = (path: string) =>
      `GET ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer not-a-token\r\n\r\n`;
    // Half of a body that says it is longer.
    const halfPost =
      'POST /api/not-a-route HTTP/1.1\r\nHost: localhost\r\n' +
      'Content-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"username":"half';
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        hangUp(port, i % 3 === 2 ? halfPost : get(i % 3 ? '/api/live' : '/api/news'), i % 4),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    const entries = log.entries() as Array<{ level: number; msg: string }>;
    expect(entries.filter((e) => e.level >= 50).map((e) => e.msg)).toEqual([]);
    expect(entries.filter((e) => e.msg === 'database unavailable')).toEqual([]);
    const next = await fetch(`${t.url}/api/news`);
    expect(next.status).toBe(200);
  });
});
