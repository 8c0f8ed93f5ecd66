import { renderAsync } from '@resvg/resvg-js';
import {
  MATCH_IMAGE_SIZE,
  MATCH_TIME_ZONE,
  type Match,
  type MatchShareLanguage,
} from '@arcadia/contracts';
import { fit, fitShrinking, textPaths } from './font';

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

const numberFormats = new Map<MatchShareLanguage, Intl.NumberFormat>();
/** A score as the match page writes it (thousands grouped): "1.669" in German, "1,669" in English. */
const number = (value: number, language: MatchShareLanguage) => {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format.format(value);
};

/** The image's and the preview's words, in the app's two languages. */
const WORDS = {
  de: {
    duration: (m: number, s: number) => (m > 0 ? `${m} Min.${s ? ` ${s} Sek.` : ''}` : `${s} Sek.`),
    deleted: 'Gelöschter Spieler',
    hidden: 'Verborgener Spieler',
    wins: (name: string, score: number) => `${name} gewinnt mit ${number(score, 'de')} Punkten`,
    noPlayers: 'Keine Spieler',
    map: 'Karte',
    on: 'auf',
    players: (n: number) => `${n} Spieler`,
  },
  en: {
    duration: (m: number, s: number) => (m > 0 ? `${m} min${s ? ` ${s} s` : ''}` : `${s} s`),
    deleted: 'Deleted player',
    hidden: 'Hidden player',
    wins: (name: string, score: number) => `${name} wins with ${number(score, 'en')} points`,
    noPlayers: 'No players',
    map: 'Map',
    on: 'on',
    players: (n: number) => `${n} ${n === 1 ? 'player' : 'players'}`,
  },
} satisfies Record<MatchShareLanguage, unknown>;

/** The words in one language (the link preview's description uses them too). */
export const shareWords = (language: MatchShareLanguage) => WORDS[language];

const duration = (seconds: number, language: MatchShareLanguage) =>
  WORDS[language].duration(Math.floor(seconds / 60), seconds % 60);

const dateFormats = new Map<MatchShareLanguage, Intl.DateTimeFormat>();
const date = (iso: string, language: MatchShareLanguage) => {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: MATCH_TIME_ZONE,
    });
    dateFormats.set(language, format);
  }
  return format.format(new Date(iso));
};

/**
 * A seat's name: a deleted player is stored under an English placeholder and a hidden one is
 * named in German by the query (features/games/match.ts); both are said in the image's language.
 */
const nameOf = (player: Match['players'][number], language: MatchShareLanguage) =>
  player.kind === 'deleted'
    ? WORDS[language].deleted
    : player.kind === 'hidden'
      ? WORDS[language].hidden
      : player.name;

/** The headline of the result: "Rot 5 : 3 Blau", or the winner of a freeforall. */
export function resultLine(match: Match, language: MatchShareLanguage = 'de'): string {
  if (match.teams.length > 0)
    return match.teams.map((t) => `${t.name} ${number(t.score, language)}`).join(' : ');
  const top = match.players[0];
  return top ? WORDS[language].wins(nameOf(top, language), top.score) : WORDS[language].noPlayers;
}

/** The result line as drawn in the image's panel: smaller before it is cut (fitShrinking). */
export function resultFitted(match: Match, language: MatchShareLanguage = 'de') {
  return fitShrinking(resultLine(match, language), 'bold', 64, 40, W - 2 * PAD - 64);
}

/** The share image as SVG: mode, map, arcade, the result, the top players, date and length. */
export function matchSvg(match: Match, language: MatchShareLanguage = 'de'): string {
  const words = WORDS[language];
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
  const mode = fitShrinking(match.modeName[language], 'bold', 84, 60, inner);
  text(mode.text, { x: PAD, y: 190, size: mode.size, weight: 'bold', fill: COLORS.ink });
  text(fit(`${words.map}: ${match.map.name}`, 'regular', 34, inner), {
    x: PAD,
    y: 240,
    size: 34,
    weight: 'regular',
    fill: COLORS.cyan,
  });
  parts.push(
    `<rect x="${PAD}" y="280" width="${inner}" height="200" rx="24" fill="${COLORS.panel}" stroke="${COLORS.pink}" stroke-opacity="0.6" stroke-width="3"/>`,
  );
  const result = resultFitted(match, language);
  text(result.text, {
    x: W / 2,
    y: 365,
    size: result.size,
    weight: 'bold',
    fill: COLORS.yellow,
    anchor: 'middle',
  });
  const top = match.players
    .slice(0, 3)
    .map((p, i) => `${i + 1}. ${nameOf(p, language)} ${number(p.score, language)}`)
    .join('   ');
  const podium = fitShrinking(top, 'regular', 34, 26, inner - 64);
  text(podium.text, {
    x: W / 2,
    y: 440,
    size: podium.size,
    weight: 'regular',
    fill: COLORS.ink,
    anchor: 'middle',
  });
  text(`${date(match.playedAt, language)} · ${duration(match.durationSeconds, language)}`, {
    x: PAD,
    y: H - PAD,
    size: 30,
    weight: 'regular',
    fill: COLORS.muted,
  });
  text(words.players(match.players.length), {
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
export async function renderMatchImage(
  match: Match,
  language: MatchShareLanguage = 'de',
): Promise<Buffer> {
  const image = await renderAsync(matchSvg(match, language), {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: false },
  });
  return image.asPng();
}
