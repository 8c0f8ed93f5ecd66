// The match page's share image (apps/server/src/features/games/share): a 1200×630 PNG rendered
// from SVG with resvg, the text as the app font's glyph outlines. Time per image uncached
// (SVG, then resvg's render off the event loop and PNG encoding) against its 50 ms budget, and a cached answer
// (the file read back from the disk cache). Prints one markdown section on stdout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Match } from '@arcadia/contracts';
import { MatchImages } from '../../apps/server/src/features/games/share/cache';
import { renderMatchImage } from '../../apps/server/src/features/games/share/image';
import { ms, progress, table } from './support/report';

const TITLE = '## Match share image (match-image.bench.ts)';
const BUDGET_MS = 50;
const RUNS = 30;

const match = (i: number): Match => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  type: 'elimination',
  modeName: { de: 'Eliminierung', en: 'Elimination' },
  application: { id: 'commando', name: 'Commando' },
  arcade: { id: 'berlin', name: 'Arcadia Berlin' },
  device: { id: 'arena-1', name: 'Arena 1' },
  map: { id: 'skyline', name: 'Skyline', iconPath: '/assets/maps/skyline.svg' },
  playedAt: new Date(Date.UTC(2026, 0, 1, 18, i % 60)).toISOString(),
  durationSeconds: 425,
  teams: [
    { id: 1, name: 'Rot', score: 3, won: true },
    { id: 2, name: 'Blau', score: 1, won: false },
  ],
  players: Array.from({ length: 8 }, (_, p) => ({
    id: null,
    name: `Spieler ${p + 1}${p === 0 ? ' Zoë Łukasz' : ''}`,
    kind: 'guest' as const,
    teamId: (p % 2) + 1,
    kills: p,
    deaths: 8 - p,
    score: 1000 - p * 100,
    won: p % 2 === 0,
  })),
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function main() {
  await renderMatchImage(match(0)); // fonts loaded, code warm
  const uncached: number[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const start = performance.now();
    await renderMatchImage(match(i));
    uncached.push(performance.now() - start);
  }
  progress('uncached done');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-match-bench-'));
  const images = new MatchImages(dir);
  const one = match(1);
  await images.get(one);
  const cached: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await images.get(one);
    cached.push(performance.now() - start);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  uncached.sort((a, b) => a - b);
  cached.sort((a, b) => a - b);
  const row = (name: string, values: number[], budget: string) => [
    name,
    ms(percentile(values, 50)),
    ms(percentile(values, 95)),
    budget,
  ];
  console.log(
    [
      TITLE,
      '',
      `${RUNS} images of an eight-player team game each.`,
      '',
      table(
        ['', 'median', 'p95', 'budget'],
        [
          row('uncached (SVG + resvg + PNG)', uncached, `≤ ${BUDGET_MS} ms`),
          row('cached (disk)', cached, '—'),
        ],
      ),
      '',
    ].join('\n'),
  );
}

await main();
