import path from 'node:path';
import fs from 'node:fs';
import puppeteer from 'puppeteer-core';
import { repoRoot, startServerProcess, tempDataDir } from '/work/wt-lighthouse/system/support/server-process';

const data = tempDataDir('arcadia-prof-');
const server = await startServerProcess({ SEED_DEMO: 'true', DATA_DIR: data.dir, WEB_DIST: path.join(repoRoot, 'apps/web/dist') });
await server.ready(180_000);
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });
try {
  for (const p of process.argv.slice(2)) {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    const cdp = await page.createCDPSession();
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.start');
    const marks: string[] = [];
    await page.goto(`${server.url}${p}`, { waitUntil: 'networkidle0' });
    await new Promise((r) => setTimeout(r, 2000));
    const { profile } = await cdp.send('Profiler.stop');
    const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
    const self = new Map<number, number>();
    const dts = profile.timeDeltas;
    profile.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dts[i + 1] ?? 0)));
    const agg = new Map<string, number>();
    const aggUrl = new Map<string, number>();
    for (const [id, us] of self) {
      const n: any = byId.get(id);
      const cf = n.callFrame;
      const file = cf.url.replace(/^https?:\/\/[^/]+/, '') || '(native)';
      const key = `${cf.functionName || '(anon)'} ${file}:${cf.lineNumber}:${cf.columnNumber}`;
      agg.set(key, (agg.get(key) ?? 0) + us);
      aggUrl.set(file, (aggUrl.get(file) ?? 0) + us);
    }
    console.log('=====', p);
    [...aggUrl].sort((a, b) => b[1] - a[1]).slice(0, 12).forEach(([k, v]) => console.log(String((v / 1000) | 0).padStart(6), k));
    console.log('--');
    [...agg].sort((a, b) => b[1] - a[1]).slice(0, 25).forEach(([k, v]) => console.log(String((v / 1000) | 0).padStart(6), k));
    fs.writeFileSync(`/tmp/prof-${p.replace(/\W+/g, '_')}.cpuprofile`, JSON.stringify(profile));
    await page.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await server.exited;
  data.remove();
}
