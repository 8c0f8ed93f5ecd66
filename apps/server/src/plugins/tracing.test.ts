import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../../test/support/database';
import { createTestApp, type TestApp } from '../../test/support/app';

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: OtlpValue }>;
}
interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: OtlpValue }> };
    scopeSpans: Array<{ scope: { name: string }; spans: OtlpSpan[] }>;
  }>;
}

/** A stand-in OpenTelemetry collector: keeps every OTLP/HTTP JSON export it receives. */
async function startCollector() {
  const exports: Array<{ path: string; body: OtlpExport }> = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      exports.push({ path: request.url ?? '', body: JSON.parse(body) as OtlpExport });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exports,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A call out of the process, as push delivery makes one: to a port where no one listens. */
const callOut = (path: string) =>
  new Promise<void>((resolve) => {
    http
      .get(`http://127.0.0.1:9${path}`, (response) => {
        response.resume();
        resolve();
      })
      .on('error', () => resolve());
  });

const attribute = (span: OtlpSpan, key: string) =>
  span.attributes.find((a) => a.key === key)?.value;

describe('tracing to OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let t: TestApp;

  beforeAll(async () => {
    collector = await startCollector();
    t = await createTestApp({
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'arcadia-test' },
    });
  });
  afterAll(() => collector.close());

  it('sends a span per request with its route pattern, in the caller’s trace, at close', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    const traceparent = `00-${traceId}-${parentId}-01`;
    expect((await t.request('GET', '/api/health', { headers: { traceparent } })).status).toBe(200);
    expect((await t.request('GET', '/api/news/no-such-article')).status).toBe(404);
    // Secrets in a URL (a claim token in the path, a reset token in the query) stay out of the
    // spans, as out of the log (plugins/logging.ts, loggedUrl).
    const secrets = ['Zx9claimTokenSecret0123456789abcdef', 'QueryResetSecret9876543210'];
    await t.request('GET', `/api/claims/${secrets[0]}?token=${secrets[1]}`);
    await t.request('GET', `/oidc/reset?token=${secrets[1]}`);
    // A call out, as push delivery makes one to a subscription's endpoint.
    secrets.push('PushEndpointDeviceToken42');
    await callOut(`/wpush/v2/${secrets[2]}?x=${secrets[1]}`);
    await t.close();

    expect(collector.exports.length).toBeGreaterThan(0);
    const exported = JSON.stringify(collector.exports);
    for (const secret of secrets) expect(exported).not.toContain(secret);
    expect(new Set(collector.exports.map((e) => e.path))).toEqual(new Set(['/v1/traces']));
    const resources = collector.exports.flatMap((e) => e.body.resourceSpans);
    for (const resource of resources) {
      expect(resource.resource.attributes).toContainEqual({
        key: 'service.name',
        value: { stringValue: 'arcadia-test' },
      });
    }
    const requests = resources
      .flatMap((r) => r.scopeSpans)
      .filter((s) => s.scope.name === '@fastify/otel')
      .flatMap((s) => s.spans)
      .filter((span) => span.name === 'request');
    const byRoute = (route: string) =>
      requests.find((span) => attribute(span, 'http.route')?.stringValue === route);

    const health = byRoute('/api/health');
    expect(health).toBeDefined();
    expect(attribute(health!, 'http.request.method')).toEqual({ stringValue: 'GET' });
    expect(Number(attribute(health!, 'http.response.status_code')?.intValue)).toBe(200);
    // The caller's trace goes on: the http server span continues it, the route's span is its child.
    expect(health!.traceId).toBe(traceId);
    const server = resources
      .flatMap((r) => r.scopeSpans)
      .filter((s) => s.scope.name === '@opentelemetry/instrumentation-http')
      .flatMap((s) => s.spans)
      .find((span) => span.parentSpanId === parentId);
    expect(server).toBeDefined();
    expect(health!.parentSpanId).toBe(server!.spanId);

    // What the spans keep of those URLs: the path as the log has it, the query's names.
    const claim = byRoute('/api/claims/:token');
    expect(attribute(claim!, 'url.path')).toEqual({ stringValue: '/api/claims/:token' });
    const claimServer = resources
      .flatMap((r) => r.scopeSpans)
      .filter((s) => s.scope.name === '@opentelemetry/instrumentation-http')
      .flatMap((s) => s.spans)
      .find((span) => span.spanId === claim!.parentSpanId);
    expect(attribute(claimServer!, 'url.query')).toEqual({ stringValue: 'token' });
    const out = resources
      .flatMap((r) => r.scopeSpans)
      .flatMap((s) => s.spans)
      .find((span) => attribute(span, 'server.port')?.intValue === 9);
    expect(attribute(out!, 'url.full')).toEqual({ stringValue: 'http://127.0.0.1:9' });

    const article = byRoute('/api/news/:slug');
    expect(article).toBeDefined();
    expect(Number(attribute(article!, 'http.response.status_code')?.intValue)).toBe(404);

    // The article's query, as a child span in the request's trace (pg instrumentation; PGlite
    // has no driver to instrument).
    if (testDbKind === 'postgres') {
      const queries = resources
        .flatMap((r) => r.scopeSpans)
        .filter((s) => s.scope.name === '@opentelemetry/instrumentation-pg')
        .flatMap((s) => s.spans);
      expect(queries.some((span) => span.traceId === article!.traceId)).toBe(true);
    }
  });
});

describe('tracing without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('adds no instrumentation to the app', () => {
    expect(t.app.hasRequestDecorator('opentelemetry')).toBe(false);
    expect(t.app.hasPlugin('@fastify/otel')).toBe(false);
  });
});
