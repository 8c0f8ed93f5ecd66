import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FieldIssue } from '@arcadia/contracts';
import { AppError } from './errors';

const NUL = '\u0000';
const NUL_MESSAGE = 'must not contain NUL characters';
/** A UTF-16 surrogate on its own: in a `u` regex a pair is one code point, never Cs. */
const LONE_SURROGATE = /\p{Cs}/u;
const SURROGATE_MESSAGE = 'must be valid Unicode text (an unpaired surrogate is no character)';

/**
 * The paths (`players.0.guestName`, `searchterm`) of every string in a parsed JSON value that
 * `bad` finds, keys included (shown with `\uXXXX` for the code units `bad` objects to).
 * Iterative, so a deeply nested body cannot overflow the stack; `limit` caps how many are
 * reported.
 */
function badStringPaths(
  value: unknown,
  bad: (text: string) => boolean,
  shown: (key: string) => string,
  limit: number,
): string[] {
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0 && found.length < limit) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (bad(current)) found.push(path);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      const entries = Object.entries(current as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        const innerPath = path ? `${path}.${key}` : key;
        if (bad(key)) found.push(shown(innerPath));
        else stack.push([inner, innerPath]);
      }
    }
  }
  return found;
}

const escaped = (code: string) => `\\u${code.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The paths of every string (or key) holding a NUL character. */
export function nulPaths(value: unknown, limit = 20): string[] {
  return badStringPaths(
    value,
    (text) => text.includes(NUL),
    (path) => path.replaceAll(NUL, escaped(NUL)),
    limit,
  );
}

/**
 * The paths of every string (or key) holding an unpaired UTF-16 surrogate (JSON may escape one,
 * `"\ud800"`): PostgreSQL's jsonb refuses it, and text stores U+FFFD in its place.
 */
export function loneSurrogatePaths(value: unknown, limit = 20): string[] {
  return badStringPaths(
    value,
    (text) => LONE_SURROGATE.test(text),
    (path) => path.replace(new RegExp(LONE_SURROGATE.source, 'gu'), escaped),
    limit,
  );
}

/**
 * JSON bodies whose text had no escape that could make a NUL or a lone surrogate. UTF-8 text
 * decodes to neither, and JSON allows a NUL in a string only escaped, so walking such a body
 * finds nothing; walking one of 80,000 keys took 80 ms, which one client could repeat.
 */
const plainJsonBodies = new WeakSet<object>();
const RISKY_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

/** The fields of a request's path parameters, query and body holding a NUL or a lone surrogate. */
function textIssues(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): {
  part: string;
  issues: FieldIssue[];
} | null {
  const body = request.body;
  const bodyIsPlain = typeof body === 'object' && body !== null && plainJsonBodies.has(body);
  for (const [part, value] of [
    ['params', request.params],
    ['querystring', request.query],
    ['body', bodyIsPlain ? undefined : body],
  ] as const) {
    const issues = [
      ...nulPaths(value).map((path) => ({ path: path || part, message: NUL_MESSAGE })),
      ...loneSurrogatePaths(value).map((path) => ({
        path: path || part,
        message: SURROGATE_MESSAGE,
      })),
    ];
    if (issues.length > 0) return { part, issues };
  }
  return null;
}

/**
 * PostgreSQL stores no NUL in text or jsonb, and no unpaired surrogate in jsonb (text silently
 * gets U+FFFD): either anywhere in a path parameter, the query or a parsed body is refused here,
 * once for every route, with the field, before any validation or handler runs (and so before
 * anything is written).
 */
/**
 * How deep a JSON body may nest (objects and arrays). The API's deepest body (a game report's
 * players with their rating) nests 4 levels. A body of a million brackets is no larger than the
 * body limit allows, but parsing it cost the server 300 ms a request: one client under the rate
 * limit could keep every other request waiting (docs/security.md).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests objects and arrays deeper than `max`: one pass over the text, brackets
 * inside strings skipped, before any parsing (invalid JSON is left to the parser).
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The 400 for a body nested too deep, before it is parsed. */
export const tooDeep = () =>
  new AppError(400, 'invalid_json', `JSON must not nest deeper than ${MAX_JSON_DEPTH} levels`);

type JsonParser = ReturnType<FastifyInstance['getDefaultJsonParser']>;

/**
 * Fastify's JSON parser (prototype poisoning refused) behind the depth check. A request for no
 * route has its body read but not parsed: nothing reads it, and parsing a large one cost the
 * process 50 ms, which a client could repeat at a path outside the API's rate limit.
 */
export function depthCheckedJson(app: FastifyInstance): JsonParser {
  const json = app.getDefaultJsonParser('error', 'error');
  return (request, body, done) => {
    if (request.is404) return void done(null, undefined);
    const text = body.toString();
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) return void done(tooDeep(), undefined);
    const plain = !RISKY_ESCAPE.test(text);
    void json(request, text, (error, value: unknown) => {
      if (plain && typeof value === 'object' && value !== null) plainJsonBodies.add(value);
      done(error, value);
    });
  };
}

export const inputHygienePlugin = fp(async (app: FastifyInstance) => {
  // Every JSON body of the app, the not-found route's too: checked for depth before parsing.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, depthCheckedJson(app));
  app.addHook('preValidation', async (request) => {
    const found = textIssues(request);
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
