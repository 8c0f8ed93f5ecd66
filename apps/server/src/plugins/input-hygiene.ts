import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FieldIssue } from '@arcadia/contracts';
import { AppError } from './errors';

const NUL = '\u0000';
const NUL_MESSAGE = 'must not contain NUL characters';

/**
 * The paths (`players.0.guestName`, `searchterm`) of every string in a parsed JSON value that
 * holds a NUL character, keys included. Iterative, so a deeply nested body cannot overflow
 * the stack; `limit` caps how many are reported.
 */
export function nulPaths(value: unknown, limit = 20): string[] {
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0 && found.length < limit) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) found.push(path);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      const entries = Object.entries(current as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        const innerPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) found.push(innerPath.replaceAll(NUL, '\\u0000'));
        else stack.push([inner, innerPath]);
      }
    }
  }
  return found;
}

/** The NUL-holding fields of a request's path parameters, query and body, with their part. */
function nulIssues(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): {
  part: string;
  issues: FieldIssue[];
} | null {
  for (const [part, value] of [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const) {
    const paths = nulPaths(value);
    if (paths.length > 0) {
      return {
        part,
        issues: paths.map((path) => ({ path: path || part, message: NUL_MESSAGE })),
      };
    }
  }
  return null;
}

/**
 * PostgreSQL stores no NUL in text or jsonb: a NUL anywhere in a path parameter, the query or a
 * parsed body is refused here, once for every route, with the field, before any validation or
 * handler runs (and so before anything is written).
 */
export const inputHygienePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const found = nulIssues(request);
    if (!found) return;
    const { part, issues } = found;
    throw new AppError(
      400,
      'validation_failed',
      `Invalid ${part}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
      issues,
    );
  });
});
