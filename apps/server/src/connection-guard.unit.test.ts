import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultMaxConnections, guardConnections, openFileLimit } from './connection-guard';

let server: http.Server | undefined;
const sockets: net.Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function listen(limits: Parameters<typeof guardConnections>[1]): Promise<number> {
  server = http.createServer((_request, response) => response.end('ok'));
  guardConnections(server, limits);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A raw connection from `from` (any 127.x address reaches the loopback), open once connected. */
async function connect(port: number, from = '127.0.0.1'): Promise<net.Socket> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  socket.on('error', () => {});
  sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

/** Resolves true once the server closed the connection, false if it is open after `ms`. */
const closedWithin = (socket: net.Socket, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (socket.destroyed || socket.readableEnded) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/** One request on a connection of its own from `from`: the answer's body, or an error. */
async function get(port: number, from = '127.0.0.1'): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { port, host: '127.0.0.1', localAddress: from, agent: false },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(body));
      },
    );
    request.on('error', reject);
  });
}

describe('the connection guard', () => {
  it('closes the connections of one address beyond its share, and serves the others', async () => {
    const port = await listen({ max: 1000, perClient: 5, firstRequestMs: 10_000 });
    const held = [];
    for (let i = 0; i < 8; i++) held.push(await connect(port, '127.0.0.2'));
    const closed = await Promise.all(held.map((socket) => closedWithin(socket, 300)));
    expect(closed.filter(Boolean)).toHaveLength(3);
    // Another address is served while the first holds its five.
    expect(await get(port, '127.0.0.3')).toBe('ok');
    // Once one of the five closes, that address has room again.
    held.find((_socket, i) => !closed[i])!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await get(port, '127.0.0.2')).toBe('ok');
  });

  it('closes a connection that sends no request in time, not one that sent one', async () => {
    const port = await listen({ max: 1000, perClient: 0, firstRequestMs: 300 });
    const silent = await connect(port);
    const stalled = await connect(port);
    stalled.write('GET / HTTP/1.1\r\nHost: x\r\n');
    const served = await connect(port);
    served.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const [silentClosed, stalledClosed, servedClosed] = await Promise.all([
      closedWithin(silent, 2_000),
      closedWithin(stalled, 2_000),
      closedWithin(served, 1_000),
    ]);
    expect(silentClosed).toBe(true);
    expect(stalledClosed).toBe(true);
    // Answered and kept alive for the next request (keepAliveTimeout, not this guard).
    expect(servedClosed).toBe(false);
  });

  it('holds at most `max` connections in all', async () => {
    const port = await listen({ max: 4, perClient: 0, firstRequestMs: 10_000 });
    const held = [];
    for (let i = 0; i < 6; i++) held.push(await connect(port, `127.0.0.${10 + i}`));
    const closed = await Promise.all(held.map((socket) => closedWithin(socket, 300)));
    expect(closed).toEqual([false, false, false, false, true, true]);
  });

  it('reads the open-file limit, half of it by default for connections', () => {
    const limits = `Limit                     Soft Limit           Hard Limit           Units
Max processes             95524                95524                processes
Max open files            20000                20000                files
`;
    expect(openFileLimit(limits)).toBe(20_000);
    expect(defaultMaxConnections(20_000)).toBe(10_000);
    expect(openFileLimit('nothing here')).toBe(1024);
    expect(defaultMaxConnections(100)).toBe(64);
    // This machine's: a number, read from /proc on Linux.
    expect(openFileLimit()).toBeGreaterThan(0);
  });
});
