import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { FieldIssue } from '@arcadia/contracts';
import { isDatabaseUnavailable, isStorageFull } from '../db/connection-errors';

/** An error with an HTTP status that the API answers in its one error shape. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
    /** Sent as Retry-After (seconds): when a client should try again (503). */
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: FieldIssue[]) =>
  new AppError(400, 'bad_request', message, details);
export const unauthorized = (message = 'A valid bearer token is required') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You may not do this') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string, details?: unknown) =>
  new AppError(409, 'conflict', message, details);
/** 503: the request may succeed later (the client retries after `retryAfterSeconds`). */
/**
 * The device API's answers to a device whose key does not verify (one answer for an unknown
 * device and a wrong key: nothing to learn from the difference) and to a disabled device: where
 * the key is checked (features/devices authenticateDevice) and where a device writes (the ingest
 * and the claim codes check it again under the device's row).
 */
export const deviceAuthFailed = () =>
  new AppError(401, 'device_auth_failed', 'Unknown device or wrong device key');
export const deviceDisabled = () =>
  new AppError(403, 'device_disabled', 'An operator has disabled this device');
export const unavailable = (code: string, message: string, retryAfterSeconds: number) =>
  new AppError(503, code, message, undefined, retryAfterSeconds);

/** What a request that needed the database gets while it cannot be reached. */
const databaseUnavailable = unavailable(
  'database_unavailable',
  'The database cannot be reached right now; try again in a moment',
  1,
);

/**
 * The offending field as the client named it (`username`, `searchterm`, `id`), the same form the
 * services use for their own field errors; the part of the request when the whole part is wrong.
 */
function fieldPath(context: string | undefined, instancePath: string): string {
  const inner = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return inner || context || 'request';
}

/**
 * A failed query's error carries its parameters (mail, birthday, ...) in its message, stack and
 * `params`: log the query text and the database's reason only.
 */
function loggable(error: unknown): unknown {
  const e = error as { query?: unknown; params?: unknown; stack?: string; cause?: unknown };
  if (typeof e?.query !== 'string' || !('params' in e)) return error;
  const cause = (e.cause ?? {}) as { message?: string; code?: string; constraint?: string };
  return {
    type: 'QueryError',
    message: cause.message ?? 'query failed',
    code: cause.code,
    constraint: cause.constraint,
    query: e.query,
    stack: e.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}

const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
};
const STATUS_CODES: Record<number, string> = {
  400: 'bad_request',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/**
 * Whether the error is the client's connection ending mid-request: Node's 'aborted' (ECONNRESET)
 * for a body cut off, with the client's socket gone.
 */
function clientHungUp(error: unknown, socket: { destroyed: boolean } | null | undefined): boolean {
  if (error instanceof AppError || !socket?.destroyed) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'ECONNRESET' || message === 'aborted';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** When a write last failed for a full disk (ms since the epoch; 0: never). */
    storage: { fullAt: number };
  }
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('storage', { fullAt: 0 });
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // The client hung up mid-request (a body cut off: Node's 'aborted', ECONNRESET). No one is
    // left to answer, and it is not the database's fault: not logged as one, nor as an error.
    if (clientHungUp(error, request.raw.socket)) {
      request.log.info({ code: (error as { code?: unknown }).code }, 'client hung up');
      return reply.code(499).send();
    }
    // PostgreSQL restarting or down, or no connection free in time: a clean 503 the client can
    // retry, not a 500. Logged as a warning: the pool's own errors already say what happened.
    if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
      request.log.warn({ err: loggable(error) }, 'database unavailable');
      // Reads still work on a full disk: readiness must hear it from the writes (health routes).
      if (isStorageFull(error)) app.storage.fullAt = Date.now();
      error = databaseUnavailable;
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({
        error: { code: error.code, message: error.message, details: error.details },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as FastifyError).validationContext;
      const details: FieldIssue[] = error.validation.map((issue) => ({
        path: fieldPath(context, issue.instancePath),
        message: issue.message ?? 'is invalid',
      }));
      return reply.code(400).send({
        error: {
          code: 'validation_failed',
          message: `Invalid ${context ?? 'request'}: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
          details,
        },
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ issues: error.cause.issues }, 'response did not match its schema');
      return reply
        .code(500)
        .send({ error: { code: 'internal', message: 'Internal server error' } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: loggable(error) }, 'request failed');
      return reply
        .code(status)
        .send({ error: { code: 'internal', message: 'Internal server error' } });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type, rate limit), in our
    // codes rather than Fastify's internal ones.
    const code =
      FASTIFY_CODES[error.code ?? ''] ?? STATUS_CODES[status] ?? `http_${String(status)}`;
    return reply.code(status).send({ error: { code, message: error.message } });
  });
});
