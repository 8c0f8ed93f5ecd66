// The phone's main thread while a page opens: the production build as `npm start` serves it
// (`node tools/build.mjs`, the built server on PGlite with the demo content), loaded cold in
// Chromium with its CPU throttled 4× (Lighthouse's mobile slowdown, here applied for real), a
// 412×823 screen, sampled by V8's profiler (0.2 ms) and traced. Per page: the main thread's busy
// time, the part of it in JavaScript, the blocking time (every task's time beyond 50 ms, as TBT
// counts it, over the whole opening) and where the JavaScript ran, by chunk. Pages: /home,
// /leaderboard and a player's profile (signed in), each BENCH_MAIN_THREAD_RUNS times (default 3),
// the median shown; beside them a hello-world page from a bare node:http server (the baseline).
// Lighthouse's TBT multiplies what it observes unthrottled, so one slow task on a busy machine
// moves it by hundreds of ms. The JavaScript time per chunk here varies far less between runs and
// compares two builds; the blocking time here is as noisy as Lighthouse's.
// BENCH_MAIN_THREAD_PAGES=profile: only those pages (and the baseline).
// BENCH_MAIN_THREAD_TASKS=1: also, on stderr, each task over 50 ms with what filled it and the
// functions with the most time of their own (to find what a long task is made of).
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { progress, ratio, table } from './support/report';
import { median, registerNewPlayer, startBuiltApp, startHelloWorld } from './support/web-pages';

const RUNS = Number(process.env.BENCH_MAIN_THREAD_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SLOWDOWN = 4;
/** After `load`, the page's own requests and renders go on (the profile's live channel never ends). */
const SETTLE_MS = 5_000;
const LONG_TASK_MS = 50;
const HELLO =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Hello</title></head><body><h1>Hello, world</h1></body></html>';

interface Run {
  busy: number;
  js: number;
  gc: number;
  blocking: number;
  longTasks: number;
  /** JavaScript's own time per chunk (the file name without its hash), ms. */
  chunks: Map<string, number>;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const msText = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

/** `core-CJBJ3-oS.js` → `core`; V8's own entries keep their names. */
const chunkOf = (url: string, functionName: string) => {
  const file = url.split('/').pop() ?? '';
  if (!file) return functionName || '(native)';
  return file.replace(/-[\w-]{8}\.js$/, '').replace(/\?.*$/, '');
};

/** The renderer's main thread of the page: the CrRendererMain with the most complete events. */
function mainThreadTasks(events: TraceEvent[]): TraceEvent[] {
  const threads = events.filter(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  let best: TraceEvent[] = [];
  for (const thread of threads) {
    const own = events.filter(
      (e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.name === 'RunTask',
    );
    if (own.length > best.length) best = own;
  }
  return best;
}

/** Trace events that only wrap a task's work: looked through, not named. */
const WRAPPERS = new Set([
  'ThreadControllerImpl::RunTask',
  'BlinkScheduler_PerformMicrotaskCheckpoint',
  'RunMicrotasks',
  'RunTask',
]);

/**
 * BENCH_MAIN_THREAD_TASKS=1: each task over 50 ms on stderr, with what took its time (the
 * outermost trace events inside it by name, with the script where the trace names one).
 */
function describeLongTasks(events: TraceEvent[], tasks: TraceEvent[]): void {
  const start = tasks[0]?.ts ?? 0;
  for (const task of tasks) {
    if ((task.dur ?? 0) / 1000 <= LONG_TASK_MS) continue;
    const end = task.ts + (task.dur ?? 0);
    const inside = events.filter(
      (e) =>
        e !== task &&
        e.pid === task.pid &&
        e.tid === task.tid &&
        e.ph === 'X' &&
        e.ts >= task.ts &&
        e.ts + (e.dur ?? 0) <= end &&
        !WRAPPERS.has(e.name),
    );
    // Only the outermost events: those inside no other event of the task.
    const outer = inside.filter(
      (e) =>
        !inside.some(
          (o) =>
            o !== e &&
            o.ts <= e.ts &&
            o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) &&
            (o.dur ?? 0) > (e.dur ?? 0),
        ),
    );
    const parts = new Map<string, number>();
    for (const e of outer) {
      const args = e.args as { data?: { url?: string }; url?: string } | undefined;
      const url = args?.data?.url ?? args?.url;
      const where = url ? ` ${chunkOf(url, '')}` : '';
      const key = `${e.name}${where}`;
      parts.set(key, (parts.get(key) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const described = [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, ms]) => `${k} ${Math.round(ms)}`)
      .join(', ');
    progress(
      `task at ${Math.round((task.ts - start) / 1000)} ms, ${Math.round((task.dur ?? 0) / 1000)} ms: ${described}`,
    );
  }
}

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };

/**
 * BENCH_MAIN_THREAD_TASKS=1: the 30 functions with the most sampled time of their own, with
 * their chunk and position (map them to the source with the chunk's source map). `nodes` and
 * `deltas` as measure() reads them from the profile.
 */
function describeHotFunctions(
  samples: number[],
  nodes: Map<number, CallFrame>,
  deltas: number[],
): void {
  const selfTimes = new Map<string, number>();
  samples.forEach((id, i) => {
    const frame = nodes.get(id)!;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') return;
    const where = `${chunkOf(frame.url, '')}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    const key = `${frame.functionName || '(anonymous)'} ${where}`;
    selfTimes.set(key, (selfTimes.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  });
  for (const [key, ms] of [...selfTimes].sort((a, b) => b[1] - a[1]).slice(0, 30))
    progress(`self ${Math.round(ms)} ms: ${key}`);
}

async function measure(browser: Browser, context: BrowserContext, url: string): Promise<Run> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await browser.startTracing(page, {
      categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    const { profile } = await cdp.send('Profiler.stop');
    // A page that lost its session shows the sign-in page instead: not what this measures.
    if (new URL(page.url()).pathname !== new URL(url).pathname)
      throw new Error(`${url} ended at ${page.url()}`);

    const runTasks = mainThreadTasks(trace.traceEvents);
    if (process.env.BENCH_MAIN_THREAD_TASKS) describeLongTasks(trace.traceEvents, runTasks);
    const tasks = runTasks.map((e) => (e.dur ?? 0) / 1000);
    const long = tasks.filter((d) => d > LONG_TASK_MS);
    const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    const deltas = profile.timeDeltas ?? [];
    const chunks = new Map<string, number>();
    let busy = 0;
    let gc = 0;
    let program = 0;
    // A sample's time is the gap to the next one.
    (profile.samples ?? []).forEach((id, i) => {
      const frame = nodes.get(id)!;
      const ms = (deltas[i + 1] ?? 0) / 1000;
      if (frame.functionName === '(idle)') return;
      busy += ms;
      if (frame.functionName === '(garbage collector)') gc += ms;
      else if (frame.functionName === '(program)') program += ms;
      else {
        const chunk = chunkOf(frame.url, frame.functionName);
        chunks.set(chunk, (chunks.get(chunk) ?? 0) + ms);
      }
    });
    if (process.env.BENCH_MAIN_THREAD_TASKS)
      describeHotFunctions(profile.samples ?? [], nodes, deltas);
    return {
      busy,
      js: busy - gc - program,
      gc,
      blocking: long.reduce((sum, d) => sum + d - LONG_TASK_MS, 0),
      longTasks: long.length,
      chunks,
    };
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  const app = await startBuiltApp('arcadia-main-thread-');
  const { server } = app;
  const hello = await startHelloWorld(HELLO);
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
  });
  try {
    await server.ready(180_000);
    const screen = { viewport: { width: 412, height: 823 } };
    const anonymous = await browser.newContext(screen);
    const signedIn = await browser.newContext(screen);
    const leaders = (await (
      await fetch(`${server.url}/api/leaderboards/commando?metric=score`)
    ).json()) as { entries: Array<{ userId: string }> };
    const top = leaders.entries[0];
    if (!top) throw new Error('no player on the demo leaderboard');
    const pages: Array<{ label: string; url: string; signedIn?: boolean }> = [
      { label: 'baseline: hello-world page (node:http)', url: hello.url },
      { label: '`/home`', url: `${server.url}/home` },
      { label: '`/leaderboard`', url: `${server.url}/leaderboard` },
      {
        label: '`/profile/:id` (signed in, the top player)',
        url: `${server.url}/profile/${top.userId}`,
        signedIn: true,
      },
    ];
    const only = process.env.BENCH_MAIN_THREAD_PAGES?.split(',');
    const chosen = pages.filter(
      (p, i) => i === 0 || !only || only.some((o) => p.label.includes(o)),
    );
    if (chosen.some((p) => p.signedIn)) {
      progress('signing a player up for the profile page');
      const page = await signedIn.newPage();
      await registerNewPlayer(page, server.url, 'mt');
      await page.close();
    }

    const results: Array<{ label: string; runs: Run[] }> = [];
    for (const p of chosen) {
      const context = p.signedIn ? signedIn : anonymous;
      // One unmeasured load: a running server is warm. It settles as the measured loads do, so the
      // calls the page makes after `load` are warm too.
      const warm = await context.newPage();
      await warm.goto(p.url, { waitUntil: 'load' });
      await warm.waitForTimeout(SETTLE_MS);
      await warm.close();
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        progress(`${p.label}: run ${i + 1} of ${RUNS}`);
        runs.push(await measure(browser, context, p.url));
      }
      results.push({ label: p.label, runs });
    }
    print(results);
  } finally {
    await browser.close();
    await hello.close();
    await app.stop();
  }
}

function print(results: Array<{ label: string; runs: Run[] }>): void {
  const baseline = median(results[0]!.runs.map((r) => r.busy));
  const rows = results.map(({ label, runs }) => {
    const of = (pick: (r: Run) => number) => median(runs.map(pick));
    const busy = runs.map((r) => r.busy);
    const typical = runs.find((r) => r.busy === of((r) => r.busy))!;
    const top = [...typical.chunks]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([chunk, ms]) => `${chunk} ${Math.round(ms)}`)
      .join(', ');
    return [
      label,
      `${msText(of((r) => r.busy))} (${msText(Math.min(...busy))}–${msText(Math.max(...busy))})`,
      msText(of((r) => r.js)),
      msText(of((r) => r.gc)),
      msText(of((r) => r.blocking)),
      of((r) => r.longTasks),
      ratio(of((r) => r.busy) / baseline),
      top || '–',
    ];
  });
  console.log(`## The main thread while a page opens (main-thread.bench.ts)

Chromium at ${CHROME}, headless, CPU throttled ${SLOWDOWN}× by Chrome, 412×823, every load cold (HTTP cache off; the profile with a signed-in player's session, the other pages signed out), ${SETTLE_MS / 1000} s after \`load\` included; ${RUNS} runs per page, the median shown (busy range in brackets). Busy: the main thread's sampled time that was not idle. Blocking: every task's time beyond ${LONG_TASK_MS} ms, summed over the whole opening.

${table(
  [
    'page',
    'busy',
    'JavaScript',
    'garbage collection',
    'blocking',
    'tasks > 50 ms',
    'busy vs baseline',
    'JavaScript by chunk (ms, the median run)',
  ],
  rows,
)}
`);
}

await main();
