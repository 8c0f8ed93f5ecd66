import fs from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from './plugins/limits';

/** What a process's connections may hold (config.connections). */
export interface ConnectionLimits {
  /** Open connections of the process; more are closed as they come (server.maxConnections). */
  max: number;
  /** Open connections per client address (an IPv6 /64 as one); 0: no such limit. */
  perClient: number;
  /** A connection that has not sent a whole request's headers by then is closed. */
  firstRequestMs: number;
}

/** Used where the limit cannot be read (not Linux): the usual soft limit of open files. */
const USUAL_OPEN_FILE_LIMIT = 1024;

/** The process's limit of open files (its soft RLIMIT_NOFILE, which Node raises to the hard one). */
export function openFileLimit(limitsText?: string): number {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = fs.readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return USUAL_OPEN_FILE_LIMIT;
    }
  }
  const soft = /^Max open files\s+(\d+|unlimited)/m.exec(text)?.[1];
  if (!soft) return USUAL_OPEN_FILE_LIMIT;
  return soft === 'unlimited' ? 1_048_576 : Number(soft);
}

/**
 * The default of MAX_CONNECTIONS: half the open files, so that every connection may have a
 * second file open while it is served (a static file, an image) and the database, the log and
 * the cache keep theirs. Past the open-file limit every call that opens one fails with EMFILE;
 * a security test with 20,000 idle connections ended the process that way.
 */
export const defaultMaxConnections = (openFiles = openFileLimit()) =>
  Math.max(64, Math.floor(openFiles / 2));

/**
 * Guards the server's connections: at most `max` in all (Node closes more as they come), at most
 * `perClient` from one address (the extra ones are closed at once, so one client cannot take
 * every slot), and none held open without a request: a connection that sends nothing is closed
 * after `firstRequestMs` (Node's headersTimeout closes one that starts headers and stalls, but
 * not one that sends nothing at all).
 */
export function guardConnections(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.max;
  server.headersTimeout = limits.firstRequestMs;
  const perClient = new Map<string, number>();
  const waitingForRequest = new WeakMap<Socket, NodeJS.Timeout>();
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), limits.firstRequestMs);
    timer.unref();
    waitingForRequest.set(socket, timer);
    socket.once('close', () => clearTimeout(timer));
    if (limits.perClient <= 0) return;
    const key = addressKey(socket.remoteAddress ?? 'gone');
    const open = (perClient.get(key) ?? 0) + 1;
    perClient.set(key, open);
    socket.once('close', () => {
      const left = (perClient.get(key) ?? 1) - 1;
      if (left <= 0) perClient.delete(key);
      else perClient.set(key, left);
    });
    if (open > limits.perClient) socket.destroy();
  });
  server.prependListener('request', (request) => {
    const timer = waitingForRequest.get(request.socket);
    if (timer === undefined) return;
    clearTimeout(timer);
    waitingForRequest.delete(request.socket);
  });
}
