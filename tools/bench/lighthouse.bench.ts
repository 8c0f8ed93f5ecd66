// Lighthouse (mobile, its default simulated slow 4G and CPU slowdown) on the production build as
// `npm start` serves it: `node tools/build.mjs`, then the built server on PGlite with the demo
// content. Pages: /home, /leaderboard, an article and a player's profile (signed in: a player
// signs up and registers first, and keeps that session while every cache is emptied), each run
// BENCH_LIGHTHOUSE_RUNS times (default 3), the median reported, after one unmeasured load of each
// page (a running server is warm). Beside them, in the same run and
// the same browser, a hello-world page served by a bare node:http server (the baseline), and the
// bytes a cold /home puts on the wire. Budgets (DESIGN §7, issue 15): performance ≥ 95,
// accessibility 100, best practices ≥ 95. Prints one markdown section on stdout.
// BENCH_LIGHTHOUSE_THROTTLING=devtools: Chrome throttles the page for real (its network per
// request, its CPU) instead of Lantern's simulation, to see what the simulation misses; the
// budgets are for the simulation.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import puppeteer, { type Page as PuppeteerPage } from 'puppeteer-core';
import { progress, ratio, table } from './support/report';
import { median, registerNewPlayer, startBuiltApp, startHelloWorld } from './support/web-pages';

const TITLE = '## Lighthouse: the production build on a phone (lighthouse.bench.ts)';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const DEVTOOLS = process.env.BENCH_LIGHTHOUSE_THROTTLING === 'devtools';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 95 };
const HELLO =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="description" content="Hello world"><title>Hello</title></head>' +
  '<body><h1>Hello, world</h1></body></html>';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  transfer: number;
  decoded: number;
  requests: number;
  failing: string[];
  lhr: Result;
}

/** Lighthouse's trace now and then misses its start on a busy machine (NO_NAVSTART): run again. */
async function audit(url: string, port: number, page?: PuppeteerPage): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, port, page);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('NO_NAVSTART')) throw error;
      progress(`${url}: Lighthouse lost the trace (NO_NAVSTART), again`);
    }
  }
}

async function auditOnce(url: string, port: number, page?: PuppeteerPage): Promise<Run> {
  const flags = {
    port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: [...CATEGORIES],
    ...(DEVTOOLS ? { throttlingMethod: 'devtools' as const } : {}),
  };
  const result = await lighthouse(url, flags, undefined, page);
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const lhr = result.lhr;
  if (process.env.BENCH_LIGHTHOUSE_REPORTS) {
    // The whole report, to look into a figure (open it in the Lighthouse viewer).
    const file = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`;
    fs.mkdirSync(process.env.BENCH_LIGHTHOUSE_REPORTS, { recursive: true });
    fs.writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_REPORTS, file), JSON.stringify(lhr));
    // And the trace it observed (open it in Chrome's performance panel).
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace) {
      fs.writeFileSync(
        path.join(process.env.BENCH_LIGHTHOUSE_REPORTS, file.replace(/\.json$/, '.trace.json')),
        JSON.stringify(trace),
      );
    }
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const score = (id: (typeof CATEGORIES)[number]) =>
    Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const requests =
    (lhr.audits['network-requests']?.details as { items?: Array<Record<string, number>> })?.items ??
    [];
  const failing = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
      .map(
        (ref) =>
          `${category.id}: ${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`,
      ),
  );
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
    },
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    transfer: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    decoded: requests.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0),
    requests: requests.length,
    failing,
    lhr,
  };
}

/** Loads each URL once in the browser (and so every file it asks for), then forgets the cache. */
async function warmUp(port: number, urls: string[]): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    for (const url of urls) {
      const page = await browser.newPage();
      await page.goto(url, { waitUntil: 'networkidle0', timeout: 60_000 });
      await page.close();
    }
  } finally {
    await browser.disconnect();
  }
}

/** Signs a new player up and registers them; answers the session (the app's localStorage). */
async function signedInPlayer(port: number, appUrl: string): Promise<Array<[string, string]>> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await registerNewPlayer(page, appUrl, 'lh');
    const session = await page.evaluate(() => Object.entries(localStorage));
    await page.close();
    return session;
  } finally {
    // Leaves the browser running (a CDP connection's close only disconnects).
    await browser.close();
  }
}

interface PageResult {
  label: string;
  runs: Run[];
}

function summary(result: PageResult) {
  const { runs } = result;
  const pick = (f: (r: Run) => number) => median(runs.map(f));
  return {
    performance: pick((r) => r.scores.performance),
    accessibility: pick((r) => r.scores.accessibility),
    bestPractices: pick((r) => r.scores['best-practices']),
    fcp: pick((r) => r.fcp),
    lcp: pick((r) => r.lcp),
    tbt: pick((r) => r.tbt),
    cls: pick((r) => r.cls),
    transfer: pick((r) => r.transfer),
    decoded: pick((r) => r.decoded),
    requests: pick((r) => r.requests),
    performanceRange: `${Math.min(...runs.map((r) => r.scores.performance))}–${Math.max(...runs.map((r) => r.scores.performance))}`,
  };
}

async function main(): Promise<void> {
  const app = await startBuiltApp('arcadia-lighthouse-');
  const { server } = app;
  const hello = await startHelloWorld(HELLO);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    await server.ready(180_000);
    const news = await (await fetch(`${server.url}/api/news`)).text();
    const slug = /"slug":"([a-z0-9-]+)"/.exec(news)?.[1];
    if (!slug) throw new Error('no news article in the demo content');

    const pages: Array<{ label: string; url: string; signedIn?: boolean }> = [
      { label: 'baseline: hello-world page (node:http)', url: hello.url },
      { label: '`/home`', url: `${server.url}/home` },
      { label: '`/leaderboard`', url: `${server.url}/leaderboard` },
      { label: `\`/news/${slug}\` (article)`, url: `${server.url}/news/${slug}` },
    ];
    // A server that has served nothing yet answers its first requests slowly (cold code, header
    // images not yet scaled); Lighthouse takes its median answer time as the server's for every
    // request of the simulation. Each page loads once unmeasured first, as on a running server.
    progress('warming the server up: each page once');
    await warmUp(
      chrome.port,
      pages.slice(1).map((p) => p.url),
    );
    const results: PageResult[] = [];
    // BENCH_LIGHTHOUSE_PAGES=home,news: only those (and the baseline), to look into one page.
    const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
    for (const p of pages.filter(
      (p, i) => i === 0 || !only || only.some((o) => p.label.includes(o)),
    )) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        progress(`${p.label}: run ${i + 1} of ${RUNS}`);
        runs.push(await audit(p.url, chrome.port));
      }
      results.push({ label: p.label, runs });
    }

    if (!only || only.includes('profile')) {
      progress('signing a player up for the profile page');
      const session = await signedInPlayer(chrome.port, server.url);
      const leaders = (await (
        await fetch(`${server.url}/api/leaderboards/commando?metric=score`)
      ).json()) as { entries: Array<{ userId: string; userName: string }> };
      const top = leaders.entries[0];
      if (!top) throw new Error('no player on the demo leaderboard');
      const profileRuns: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        progress(`profile: run ${i + 1} of ${RUNS}`);
        profileRuns.push(
          await signedInAudit(`${server.url}/profile/${top.userId}`, chrome.port, session),
        );
      }
      results.push({ label: '`/profile/:id` (signed in, the top player)', runs: profileRuns });
    }

    print(results);
  } finally {
    chrome.kill();
    await hello.close();
    await app.stop();
  }
}

/**
 * A cold run as a signed-in player: Lighthouse empties the origin's storage and caches as in every
 * run, and the session is put back into localStorage before the app's first script runs.
 */
async function signedInAudit(
  url: string,
  port: number,
  session: Array<[string, string]>,
): Promise<Run> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  try {
    const origin = new URL(url).origin;
    await page.evaluateOnNewDocument(
      (entries: Array<[string, string]>, at: string) => {
        if (location.origin !== at) return;
        for (const [key, value] of entries) localStorage.setItem(key, value);
      },
      session,
      origin,
    );
    return await audit(url, port, page);
  } finally {
    await page.close();
    await browser.disconnect();
  }
}

function print(results: PageResult[]): void {
  const [baseline, ...app] = results.map((r) => ({ label: r.label, ...summary(r), runs: r.runs }));
  const meets = (s: (typeof app)[number]) =>
    s.performance >= BUDGET.performance &&
    s.accessibility >= BUDGET.accessibility &&
    s.bestPractices >= BUDGET['best-practices'];
  // The cold page's bytes: /home's when it ran, otherwise the first page's (BENCH_LIGHTHOUSE_PAGES).
  const home = app[0]!;
  const homeRun = home.runs.find((r) => r.transfer === home.transfer) ?? home.runs[0]!;
  const homeRequests =
    (
      homeRun.lhr.audits['network-requests']?.details as {
        items?: Array<{
          url: string;
          resourceType?: string;
          transferSize?: number;
          resourceSize?: number;
        }>;
      }
    )?.items ?? [];
  const byType = new Map<string, { transfer: number; decoded: number; n: number }>();
  for (const r of homeRequests) {
    const type = r.resourceType ?? 'Other';
    const entry = byType.get(type) ?? { transfer: 0, decoded: 0, n: 0 };
    entry.transfer += r.transferSize ?? 0;
    entry.decoded += r.resourceSize ?? 0;
    entry.n += 1;
    byType.set(type, entry);
  }
  const failing = [...new Set(app.flatMap((s) => s.runs.flatMap((r) => r.failing)))];
  const lines = [
    TITLE,
    '',
    `Lighthouse ${baseline!.runs[0]!.lhr.lighthouseVersion}, mobile (${DEVTOOLS ? 'slow 4G and 4× CPU slowdown applied by Chrome (devtools throttling), not simulated' : 'simulated slow 4G, 4× CPU slowdown'}), ` +
      `Chromium at ${CHROME}, headless; ${RUNS} run${RUNS > 1 ? 's' : ''} per page, median shown (performance range in brackets). ` +
      'The production build served by the built server as `npm start` runs it, on PGlite with the demo content; every run starts cold (no HTTP cache, no service worker). ' +
      'Budgets: performance ≥ 95, accessibility 100, best practices ≥ 95.',
    '',
    table(
      [
        'page',
        'performance',
        'accessibility',
        'best practices',
        'FCP',
        'LCP',
        'TBT',
        'CLS',
        'on the wire',
        'requests',
        'LCP vs baseline',
        'budgets',
      ],
      [baseline!, ...app].map((s, i) => [
        s.label,
        `${s.performance} (${s.performanceRange})`,
        s.accessibility,
        s.bestPractices,
        secs(s.fcp),
        secs(s.lcp),
        `${Math.round(s.tbt)} ms`,
        s.cls.toFixed(3),
        kb(s.transfer),
        s.requests,
        ratio(s.lcp / baseline!.lcp),
        i === 0 ? '' : meets(s) ? 'met' : '**NOT met**',
      ]),
    ),
    '',
    `A cold ${home.label} puts **${kb(home.transfer)}** on the wire in ${home.requests} requests ` +
      `(${kb(home.decoded)} once decompressed; the baseline page: ${kb(baseline!.transfer)}, ${ratio(home.transfer / baseline!.transfer)} of it):`,
    '',
    table(
      ['kind', 'requests', 'on the wire', 'decompressed'],
      [...byType.entries()]
        .sort((a, b) => b[1].transfer - a[1].transfer)
        .map(([type, e]) => [type, e.n, kb(e.transfer), kb(e.decoded)]),
    ),
    '',
    failing.length === 0
      ? 'No weighted audit below 0.9 in any run.'
      : `Weighted audits below 0.9 in some run: ${failing.map((f) => `\`${f}\``).join(', ')}.`,
    '',
  ];
  process.stdout.write(lines.join('\n'));
  if (app.some((s) => !meets(s))) process.exitCode = 1;
}

await main();
