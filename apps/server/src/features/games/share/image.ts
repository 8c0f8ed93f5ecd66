import { renderAsync } from '@resvg/resvg-js';
import { MATCH_IMAGE_SIZE, type Match } from '@arcadia/contracts';
import { fit, textPaths } from './font';

const { width: W, height: H } = MATCH_IMAGE_SIZE;
const PAD = 64;
// The app's neon palette (apps/web/src/styles.css).
const COLORS = {
  night: '#0a0a1f',
  panel: '#12123a',
  ink: '#eef1ff',
  muted: '#aab2dd',
  pink: '#ff4fb8',
  cyan: '#2ee6ff',
  yellow: '#ffe14d',
  green: '#4dffa6',
};

/** "12 Min. 5 Sek." style duration of the image (German, the app's default language). */
const duration = (s: number) =>
  s >= 60 ? `${Math.floor(s / 60)} Min.${s % 60 ? ` ${s % 60} Sek.` : ''}` : `${s} Sek.`;

const date = (iso: string) =>
  new Intl.DateTimeFormat('de', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso));

/** A seat's name in German: a deleted player is stored under an English placeholder. */
const nameOf = (player: Match['players'][number]) =>
  player.kind === 'deleted' ? 'Gelöschter Spieler' : player.name;

/** The headline of the result: "Rot 5 : 3 Blau", or the winner of a freeforall. */
export function resultLine(match: Match): string {
  if (match.teams.length > 0) return match.teams.map((t) => `${t.name} ${t.score}`).join(' : ');
  const top = match.players[0];
  return top ? `${nameOf(top)} gewinnt mit ${top.score} Punkten` : 'Keine Spieler';
}

/** The share image as SVG: mode, map, arcade, the result, the top players, date and length. */
export function matchSvg(match: Match): string {
  const parts: string[] = [];
  const text = (t: string, o: Parameters<typeof textPaths>[1]) => parts.push(textPaths(t, o));
  const inner = W - 2 * PAD;
  text('ARCADIA', { x: PAD, y: PAD + 28, size: 30, weight: 'bold', fill: COLORS.pink });
  text(fit(`${match.application.name} · ${match.arcade.name}`, 'regular', 30, inner - 200), {
    x: W - PAD,
    y: PAD + 28,
    size: 30,
    weight: 'regular',
    fill: COLORS.muted,
    anchor: 'end',
  });
  text(fit(match.modeName.de, 'bold', 84, inner), {
    x: PAD,
    y: 190,
    size: 84,
    weight: 'bold',
    fill: COLORS.ink,
  });
  text(fit(`Karte: ${match.map.name}`, 'regular', 34, inner), {
    x: PAD,
    y: 240,
    size: 34,
    weight: 'regular',
    fill: COLORS.cyan,
  });
  parts.push(
    `<rect x="${PAD}" y="280" width="${inner}" height="200" rx="24" fill="${COLORS.panel}" stroke="${COLORS.pink}" stroke-opacity="0.6" stroke-width="3"/>`,
  );
  text(fit(resultLine(match), 'bold', 64, inner - 64), {
    x: W / 2,
    y: 365,
    size: 64,
    weight: 'bold',
    fill: COLORS.yellow,
    anchor: 'middle',
  });
  const top = match.players
    .slice(0, 3)
    .map((p, i) => `${i + 1}. ${nameOf(p)} ${p.score}`)
    .join('   ');
  text(fit(top, 'regular', 34, inner - 64), {
    x: W / 2,
    y: 440,
    size: 34,
    weight: 'regular',
    fill: COLORS.ink,
    anchor: 'middle',
  });
  text(`${date(match.playedAt)} · ${duration(match.durationSeconds)}`, {
    x: PAD,
    y: H - PAD,
    size: 30,
    weight: 'regular',
    fill: COLORS.muted,
  });
  text(`${match.players.length} Spieler`, {
    x: W - PAD,
    y: H - PAD,
    size: 30,
    weight: 'bold',
    fill: COLORS.green,
    anchor: 'end',
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${COLORS.night}"/><stop offset="1" stop-color="#1d0b33"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<rect x="0" y="0" width="${W}" height="8" fill="${COLORS.pink}"/>
${parts.join('\n')}
</svg>`;
}

/**
 * The share image, 1200×630 PNG. resvg rasterises on libuv's thread pool (renderAsync), so a
 * burst of first views does not hold the event loop; only the PNG encoding runs on it.
 */
export async function renderMatchImage(match: Match): Promise<Buffer> {
  const image = await renderAsync(matchSvg(match), {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: false },
  });
  return image.asPng();
}
