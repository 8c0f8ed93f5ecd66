import sharp from 'sharp';

/**
 * Neon arcade header art, drawn as SVG and rendered locally with sharp (1600x900). Shapes only,
 * no text, so nothing depends on installed fonts. Every picture is invented here.
 */
export type ArtTheme = 'arena' | 'leaderboard' | 'tournament' | 'map' | 'app';
const ART_THEMES: readonly ArtTheme[] = ['arena', 'leaderboard', 'tournament', 'map', 'app'];

const W = 1600;
const H = 900;

interface Palette {
  sky: [string, string];
  a: string;
  b: string;
  c: string;
}

const PALETTES: Record<ArtTheme, Palette> = {
  arena: { sky: ['#0b0221', '#2a0845'], a: '#ff2bd6', b: '#00f0ff', c: '#fffb7d' },
  leaderboard: { sky: ['#020b1f', '#08214a'], a: '#00f0ff', b: '#7cff4f', c: '#ffd23f' },
  tournament: { sky: ['#1a0010', '#3d0a2e'], a: '#ffd23f', b: '#ff2bd6', c: '#00f0ff' },
  map: { sky: ['#001a14', '#04342b'], a: '#7cff4f', b: '#00f0ff', c: '#ff7a00' },
  app: { sky: ['#0d0221', '#1f0f5c'], a: '#a56bff', b: '#00f0ff', c: '#ff2bd6' },
};

/** A small deterministic generator, so the same seed always draws the same picture. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** The receding perspective grid of every 80s arcade poster. */
function floorGrid(color: string): string {
  const horizon = 560;
  const lines: string[] = [];
  for (let i = -20; i <= 20; i += 1) {
    lines.push(`<line x1="${W / 2 + i * 40}" y1="${horizon}" x2="${W / 2 + i * 260}" y2="${H}"/>`);
  }
  for (let k = 1; k <= 12; k += 1) {
    const y = horizon + (H - horizon) * (k / 12) ** 1.8;
    lines.push(`<line x1="0" y1="${y.toFixed(1)}" x2="${W}" y2="${y.toFixed(1)}"/>`);
  }
  return `<g stroke="${color}" stroke-width="2" opacity="0.55">${lines.join('')}</g>
    <rect x="0" y="${horizon - 2}" width="${W}" height="4" fill="${color}"/>`;
}

function stars(rand: () => number, count: number): string {
  return Array.from({ length: count }, () => {
    const r = (rand() * 1.8 + 0.4).toFixed(1);
    return `<circle cx="${(rand() * W).toFixed(0)}" cy="${(rand() * 520).toFixed(0)}" r="${r}" fill="#fff" opacity="${(rand() * 0.7 + 0.2).toFixed(2)}"/>`;
  }).join('');
}

function subject(theme: ArtTheme, p: Palette, rand: () => number): string {
  switch (theme) {
    case 'arena': {
      // Laser beams crossing a hexagonal arena.
      const beams = Array.from({ length: 9 }, (_, i) => {
        const color = [p.a, p.b, p.c][i % 3]!;
        const y1 = 120 + rand() * 380;
        const y2 = 120 + rand() * 380;
        return `<line x1="-20" y1="${y1.toFixed(0)}" x2="${W + 20}" y2="${y2.toFixed(0)}" stroke="${color}" stroke-width="${(3 + rand() * 4).toFixed(1)}"/>`;
      }).join('');
      const hex = (r: number) =>
        Array.from({ length: 6 }, (_, i) => {
          const a = (Math.PI / 3) * i + Math.PI / 6;
          return `${(W / 2 + r * Math.cos(a)).toFixed(0)},${(470 + r * 0.45 * Math.sin(a)).toFixed(0)}`;
        }).join(' ');
      return `${beams}<polygon points="${hex(430)}" fill="none" stroke="${p.b}" stroke-width="6"/>
        <polygon points="${hex(300)}" fill="none" stroke="${p.a}" stroke-width="4"/>`;
    }
    case 'leaderboard': {
      const heights = [260, 420, 340, 200, 300];
      const bars = heights
        .map((h, i) => {
          const x = 360 + i * 190;
          const color = i === 1 ? p.c : i % 2 ? p.b : p.a;
          return `<rect x="${x}" y="${560 - h}" width="120" height="${h}" rx="10" fill="${color}" opacity="0.25"/>
            <rect x="${x}" y="${560 - h}" width="120" height="${h}" rx="10" fill="none" stroke="${color}" stroke-width="6"/>`;
        })
        .join('');
      // A crown above the winner's bar.
      const crown = `<polygon points="590,110 620,40 660,95 680,25 700,95 740,40 770,110" fill="none" stroke="${p.c}" stroke-width="7" stroke-linejoin="round" transform="translate(-5,0)"/>`;
      return bars + crown;
    }
    case 'tournament': {
      const trophy = `<g fill="none" stroke="${p.a}" stroke-width="8" stroke-linejoin="round">
          <path d="M640 140 H960 V250 C960 360 880 420 800 420 C720 420 640 360 640 250 Z"/>
          <path d="M640 180 H560 C560 280 600 320 660 330"/><path d="M960 180 H1040 C1040 280 1000 320 940 330"/>
          <path d="M780 420 V480 H820 V420"/><rect x="700" y="480" width="200" height="50" rx="8"/>
        </g>`;
      const sparks = Array.from({ length: 26 }, (_, i) => {
        const a = (i / 26) * Math.PI * 2;
        const r1 = 300 + rand() * 40;
        const r2 = r1 + 40 + rand() * 80;
        return `<line x1="${(800 + r1 * Math.cos(a)).toFixed(0)}" y1="${(300 + r1 * 0.6 * Math.sin(a)).toFixed(0)}" x2="${(800 + r2 * Math.cos(a)).toFixed(0)}" y2="${(300 + r2 * 0.6 * Math.sin(a)).toFixed(0)}" stroke="${i % 2 ? p.b : p.c}" stroke-width="4"/>`;
      }).join('');
      return sparks + trophy;
    }
    case 'map': {
      // An isometric maze of walls with a glowing path through it.
      const iso = (x: number, y: number) =>
        `${(800 + (x - y) * 52).toFixed(0)},${(180 + (x + y) * 30).toFixed(0)}`;
      const walls: string[] = [];
      for (let x = 0; x < 10; x += 1) {
        for (let y = 0; y < 10; y += 1) {
          if (rand() < 0.3) {
            walls.push(
              `<polygon points="${iso(x, y)} ${iso(x + 1, y)} ${iso(x + 1, y + 1)} ${iso(x, y + 1)}" fill="${p.b}" opacity="0.35" stroke="${p.b}" stroke-width="2"/>`,
            );
          }
        }
      }
      const route = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => iso(k + 0.5, ((k * 7) % 10) + 0.5));
      return `<g>${walls.join('')}</g>
        <polygon points="${iso(0, 0)} ${iso(10, 0)} ${iso(10, 10)} ${iso(0, 10)}" fill="none" stroke="${p.a}" stroke-width="5"/>
        <polyline points="${route.join(' ')}" fill="none" stroke="${p.c}" stroke-width="6" stroke-linejoin="round"/>`;
    }
    case 'app': {
      const phone = `<rect x="640" y="70" width="320" height="560" rx="42" fill="#000" fill-opacity="0.5" stroke="${p.b}" stroke-width="8"/>
        <rect x="680" y="130" width="240" height="140" rx="14" fill="${p.a}" opacity="0.35"/>
        <rect x="680" y="300" width="240" height="24" rx="12" fill="${p.b}" opacity="0.6"/>
        <rect x="680" y="340" width="180" height="24" rx="12" fill="${p.b}" opacity="0.4"/>
        <rect x="680" y="400" width="240" height="140" rx="14" fill="${p.c}" opacity="0.3"/>
        <circle cx="800" cy="590" r="16" fill="none" stroke="${p.b}" stroke-width="4"/>`;
      const rings = [200, 280, 360]
        .map(
          (r, i) =>
            `<circle cx="800" cy="350" r="${r}" fill="none" stroke="${[p.a, p.c, p.b][i]}" stroke-width="3" stroke-dasharray="${12 + i * 8} ${18 + i * 6}" opacity="0.7"/>`,
        )
        .join('');
      return rings + phone;
    }
  }
}

/**
 * The picture as two SVG layers: the background (sky, glow of the sun, stars) and the neon lines.
 * The lines get their glow from sharp (a blurred copy screened over the background), which is
 * far cheaper than SVG filters.
 */
function neonArtLayers(theme: ArtTheme, seed = 1): { background: string; lines: string } {
  const p = PALETTES[theme];
  const rand = random(seed * 7919 + theme.length);
  const svg = (body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
  const background = svg(`
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.62" r="0.5">
      <stop offset="0" stop-color="${p.a}" stop-opacity="0.45"/><stop offset="1" stop-color="${p.a}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <rect width="${W}" height="${H}" fill="url(#sun)"/>
  ${stars(rand, 140)}`);
  const lines = svg(`${floorGrid(p.b)}${subject(theme, p, rand)}`);
  return { background, lines };
}

/** The art as a 1600x900 JPEG, ready to be stored as an asset. */
export async function neonArtJpeg(theme: ArtTheme, seed = 1): Promise<Buffer> {
  const { background, lines } = neonArtLayers(theme, seed);
  const crisp = await sharp(Buffer.from(lines)).png().toBuffer();
  // Glow: the lines blurred at a lower resolution (cheap) and scaled back up.
  const glow = (scale: number, sigma: number) =>
    sharp(crisp)
      .resize(W / scale, H / scale)
      .blur(sigma)
      .resize(W, H)
      .png()
      .toBuffer();
  const [wide, tight] = await Promise.all([glow(4, 6), glow(2, 2)]);
  return sharp(Buffer.from(background))
    .composite([
      { input: wide, blend: 'screen' },
      { input: wide, blend: 'screen' },
      { input: tight, blend: 'screen' },
      { input: tight, blend: 'screen' },
      { input: crisp, blend: 'over' },
    ])
    .flatten({ background: '#000' })
    .jpeg({ quality: 88, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** A theme picked from a text (a slug), so an article without an image still gets one. */
export function themeFor(text: string): ArtTheme {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return ART_THEMES[hash % ART_THEMES.length]!;
}
