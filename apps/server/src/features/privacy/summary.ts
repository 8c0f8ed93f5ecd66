import { achievementById } from '@arcadia/contracts';
import type { CatalogueNames } from './repository';
import type { DataExport } from './service';
import { SUMMARY_TEXTS } from './summary-texts';

/** How many of the latest games and visits the summary lists (the JSON file has them all). */
const RECENT = 50;

/** A cell's text: what the export holds is strings, numbers, booleans and dates. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'boolean') return `${value}`;
  return JSON.stringify(value);
}

const escapeHtml = (value: unknown) =>
  text(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

type Lang = keyof typeof SUMMARY_TEXTS;

/**
 * The export as a readable page (one self-contained HTML file, no scripts, nothing loaded from
 * elsewhere): what a player expects when they open their data, in their language.
 */
export function renderSummary(data: DataExport, lang: Lang, catalogue: CatalogueNames): string {
  const t = SUMMARY_TEXTS[lang];
  // The app's own date styles: "02.12.2026, 18:05" and "Dec 2, 2026, 6:05 PM".
  const locale = lang === 'de' ? 'de-DE' : 'en-US';
  const when = (value: unknown) =>
    value
      ? new Date(text(value)).toLocaleString(locale, {
          timeZone: 'UTC',
          dateStyle: 'medium',
          timeStyle: 'short',
        }) + ' UTC'
      : '—';
  const day = (value: unknown) =>
    value
      ? new Date(text(value)).toLocaleDateString(locale, { timeZone: 'UTC', dateStyle: 'medium' })
      : '—';
  // The catalogue's names where the file keeps ids; an id the catalogue lost stays as it is.
  const application = (id: unknown) => catalogue.applications.get(text(id)) ?? id;
  const mode = (app: unknown, id: unknown) =>
    catalogue.modes.get(`${text(app)}:${text(id)}`)?.[lang] ?? id;
  const map = (id: unknown) => catalogue.maps.get(text(id)) ?? id;
  const yesNo = (value: unknown) => (value ? t.yes : t.no);
  const rows = (pairs: [string, unknown][]) =>
    `<table>${pairs.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v ?? '—')}</td></tr>`).join('')}</table>`;
  const table = (head: string[], body: unknown[][]) =>
    `<table><thead><tr>${head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${body
      .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c ?? '—')}</td>`).join('')}</tr>`)
      .join('')}</tbody></table>`;
  const names = (list: { userName?: unknown }[]) =>
    list.length
      ? `<ul>${list.map((f) => `<li>${escapeHtml(f.userName)}</li>`).join('')}</ul>`
      : `<p>${t.none}</p>`;
  const section = (title: string, body: string) =>
    `<section><h2>${escapeHtml(title)}</h2>${body}</section>`;

  const p = data.profile;
  const a = data.account;
  const games = data.games;
  const recentGames = games.slice(-RECENT).reverse();
  const friends = data.friends as {
    added: { userName?: unknown }[];
    addedYou: { userName?: unknown }[];
  };
  const visits = data.visits as Record<string, unknown>[];
  const totals = data.statistics.totals as Record<string, unknown>[];
  const ratings = data.statistics.ratings as Record<string, unknown>[];
  const achievements = data.statistics.achievements as Record<string, unknown>[];
  const card = data.userCard as Record<string, unknown> | null;
  const op = data.operator;

  const parts = [
    section(
      t.profile,
      p
        ? rows([
            [t.userName, p.userName],
            [t.mail, p.mail],
            [t.birthday, p.birthday ? day(p.birthday) : null],
            [t.instagram, p.instagram],
            [t.language, t.languages[p.language as 'de' | 'en'] ?? p.language],
            [t.role, t.roles[p.role as 'player' | 'staff' | 'admin'] ?? p.role],
            [t.registered, when(p.createdAt)],
            [t.earlyAdopter, yesNo(p.earlyAdopter)],
            [
              t.visibility,
              t.visibilities[p.profileVisibility as 'everyone' | 'friends' | 'private'] ??
                p.profileVisibility,
            ],
            [t.leaderboardVisible, yesNo(p.leaderboardVisible)],
          ])
        : `<p>${t.noProfile}</p>`,
    ),
    data.consents
      ? section(
          t.consents,
          rows([
            [t.terms, when(data.consents.termsAcceptedAt)],
            [t.termsVersion, String(data.consents.termsVersion ?? '—')],
            [t.marketing, yesNo(data.consents.marketingMails)],
          ]),
        )
      : '',
    section(
      t.account,
      a
        ? rows([
            [t.accountMail, a.email],
            [t.nickname, a.nickname],
            [t.verified, yesNo(a.emailVerified)],
            [t.accountCreated, when(a.createdAt)],
            [t.signIns, a.signIns.length],
            [t.resets, a.passwordResets.length],
          ])
        : `<p>${t.noAccount}</p>`,
    ),
    section(
      t.friends,
      `<h3>${t.added}</h3>${names(friends.added)}<h3>${t.addedYou}</h3>${names(friends.addedYou)}`,
    ),
    section(
      t.games,
      rows([
        [t.gamesCount, games.length],
        [t.gamesWon, games.filter((g) => g.won).length],
        [t.firstGame, when(games[0]?.playedAt)],
        [t.lastGame, when(games.at(-1)?.playedAt)],
      ]) +
        (recentGames.length
          ? `<h3>${t.recentGames}</h3>` +
            table(
              [t.playedAt, t.mode, t.map, t.kills, t.deaths, t.score, t.won],
              recentGames.map((g) => [
                when(g.playedAt),
                mode(g.application, g.mode),
                map(g.map),
                g.kills,
                g.deaths,
                g.score,
                yesNo(g.won),
              ]),
            ) +
            (games.length > RECENT
              ? `<p>${escapeHtml(t.moreInFile.replace('{n}', String(games.length)))}</p>`
              : '')
          : ''),
    ),
    section(
      t.statistics,
      totals.length
        ? table(
            [t.application, t.gamesCount, t.gamesWon, t.kills, t.deaths, t.score],
            totals.map((s) => [
              application(s.application),
              s.gamesPlayed,
              s.gamesWon,
              s.kills,
              s.deaths,
              s.scoreTotal,
            ]),
          )
        : `<p>${t.none}</p>`,
    ),
    section(
      t.ratings,
      ratings.length
        ? table(
            [t.application, t.mode, t.rating, t.ratedGames],
            ratings.map((r) => [
              application(r.application),
              mode(r.application, r.mode),
              r.rating,
              r.ratedGames,
            ]),
          )
        : `<p>${t.none}</p>`,
    ),
    section(
      t.achievements,
      achievements.length
        ? table(
            [t.achievement, t.unlockedAt],
            achievements.map((a) => [
              achievementById(text(a.achievement))?.name[lang] ?? a.achievement,
              when(a.unlockedAt),
            ]),
          )
        : `<p>${t.none}</p>`,
    ),
    section(
      t.visits,
      visits.length
        ? table(
            [t.playedAt, '', t.userName, 'Arcade'],
            visits
              .slice(-RECENT)
              .reverse()
              .map((v) => [
                when(v.visitedAt),
                v.kind === 'met' ? t.visitMet : t.visitArcade,
                v.visitorId === p?.id ? v.metUserName : v.visitorName,
                v.arcadeName,
              ]),
          )
        : `<p>${t.none}</p>`,
    ),
    section(
      t.userCard,
      card?.batchId ? rows([[t.cardClaimed, when(card.claimedAt)]]) : `<p>${t.none}</p>`,
    ),
    section(
      t.push,
      rows([
        [t.pushHosts, data.pushSubscriptions.map((s) => s.endpointHost).join(', ') || t.none],
        [
          t.pendingPushes,
          data.pushOutbox.filter((o) => !(o as { sentAt?: unknown }).sentAt).length,
        ],
        [t.notifications, data.notifications.items.length],
      ]),
    ),
    op.arcades.length || op.actions.length || op.cardBatchesCreated.length || op.changesToYou.length
      ? section(
          t.operator,
          rows([
            [t.staffArcades, op.arcades.join(', ') || t.none],
            [t.auditActions, op.actions.length],
            [t.changesToYou, op.changesToYou.length],
          ]),
        )
      : '',
  ];

  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a2e;line-height:1.5}
h1{margin-bottom:.25rem}h2{border-bottom:2px solid #d946ef;padding-bottom:.25rem;margin-top:2rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #ddd;vertical-align:top}
th[scope=row]{width:40%;font-weight:600}.meta{color:#555}
</style></head><body>
<h1>${escapeHtml(t.title)}</h1>
<p class="meta">${escapeHtml(t.generated)} ${escapeHtml(when(data.generatedAt))}</p>
<p>${escapeHtml(t.intro)}</p>
${parts.join('\n')}
<footer><p>${escapeHtml(t.rights)}</p></footer>
</body></html>
`;
}
