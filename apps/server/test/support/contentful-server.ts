import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A local stand-in for Contentful's Content Delivery API: it answers recorded responses
 * (test/fixtures/contentful, in the API's JSON format) and remembers every request, so tests
 * see what the official SDK asks for: the path, the token, the query.
 */
export const CONTENTFUL_SPACE = 'arcadia0space';
export const CONTENTFUL_TOKEN = 'delivery-token-for-tests';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/contentful');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, `${name}.json`), 'utf8');

export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
}

export interface ContentfulServer {
  /** `http://127.0.0.1:<port>`, for CONTENTFUL_HOST. */
  url: string;
  requests: SeenRequest[];
  /** While true, every request gets a 500 (Contentful is down). */
  failing: boolean;
  close(): Promise<void>;
}

export async function startContentfulServer(): Promise<ContentfulServer> {
  const state: ContentfulServer = {
    url: '',
    requests: [],
    failing: false,
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const query = Object.fromEntries(url.searchParams);
    state.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query,
      authorization: req.headers.authorization,
    });
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/vnd.contentful.delivery.v1+json' });
      res.end(body);
    };
    if (state.failing) return send(500, '{"sys":{"type":"Error","id":"ServerError"}}');
    if (req.headers.authorization !== `Bearer ${CONTENTFUL_TOKEN}`)
      return send(401, fixture('error-access-token-invalid'));
    const entries = /^\/spaces\/([^/]+)\/environments\/([^/]+)\/entries$/.exec(url.pathname);
    if (!entries || entries[1] !== CONTENTFUL_SPACE)
      return send(404, '{"sys":{"type":"Error","id":"NotFound"}}');
    if (query.content_type !== 'news') return send(200, fixture('entries-empty'));
    const locale = query.locale === 'en' ? 'en' : 'de';
    const slug = query['fields.slug'];
    if (slug === undefined) return send(200, fixture(`entries-news-${locale}`));
    if (slug === 'herbst-turnier' && locale === 'de')
      return send(200, fixture('entries-news-de-herbst-turnier'));
    return send(200, fixture('entries-empty'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
