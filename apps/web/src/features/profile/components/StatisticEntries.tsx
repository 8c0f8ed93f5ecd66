import { useTranslation } from 'react-i18next';
import type { StatisticEntry } from '@arcadia/contracts';
import { GAME_TYPES } from '@arcadia/contracts/boards';
import { Spinner } from '../../../components/ui';
import { getStatisticsApi } from '../api/get-statistics';
import { formatHour, formatKd, formatNumber, formatPercent, langOf, type Lang } from '../format';

const KNOWN = new Set([
  'gamesPlayed',
  'gamesWon',
  'gamesLost',
  'winrate',
  'kills',
  'deaths',
  'kd',
  'scoreTotal',
  'averageScore',
  'bestScore',
  'favouriteMap',
  'favouriteMode',
  'lastPlayedHour',
  'mostActiveHour',
]);

/**
 * The entries the tab already shows above: the overview (the statistics summary of spec §3) and
 * the playing times.
 */
const SHOWN_ABOVE = new Set([
  'gamesPlayed',
  'gamesWon',
  'gamesLost',
  'winrate',
  'kills',
  'deaths',
  'kd',
  'lastPlayedHour',
  'mostActiveHour',
]);

/** One statistic's value as players read it: percent, K/D with 2 decimals, 'Uhr', mode names. */
export function formatEntryValue(
  entry: Pick<StatisticEntry, 'name' | 'value'>,
  lang: Lang,
  modeName: (type: string) => string,
  hour: (hour: number) => string,
): string {
  const n = Number(entry.value);
  const numeric = entry.value.trim() !== '' && Number.isFinite(n);
  if (entry.name === 'winrate' && numeric) return formatPercent(n, lang);
  if (entry.name === 'kd' && numeric) return formatKd(n, lang);
  if (/hour$/i.test(entry.name) && numeric && Number.isInteger(n) && n >= 0 && n < 24)
    return hour(n);
  if (entry.name === 'favouriteMode' && (GAME_TYPES as readonly string[]).includes(entry.value))
    return modeName(entry.value);
  if (numeric) return formatNumber(n, lang);
  return entry.value;
}

/** A shown list older than this loads again when the tab opens. */
const FRESH_SECONDS = 30;

/** Begins loading the entries before the tab renders (its route's loader). */
export const prefetchStatisticEntries = (playerId: string) =>
  getStatisticsApi.util.prefetch('getStatistics', playerId, { ifOlderThan: FRESH_SECONDS });

/** The GraphQL statistics entries (POST /graphql), grouped by game. */
export function StatisticEntries({ playerId }: { playerId: string }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { data, isLoading, isError } = getStatisticsApi.useGetStatisticsQuery(playerId, {
    // Fresh when the tab opens, but not twice when the route's loader just asked.
    refetchOnMountOrArgChange: FRESH_SECONDS,
  });
  if (isLoading) return <Spinner label={t('profile.statistics.entriesLoading')} />;
  if (isError || !data)
    return (
      <p role="alert" className="text-ink-muted">
        {t('profile.statistics.entriesFailed')}
      </p>
    );
  if (data.length === 0)
    return <p className="text-ink-muted">{t('profile.statistics.noEntries')}</p>;
  const byGame = new Map<string, StatisticEntry[]>();
  for (const entry of data)
    byGame.set(entry.applicationId, [...(byGame.get(entry.applicationId) ?? []), entry]);
  // With one game only, its totals are the numbers above: each is shown once, up there.
  if (byGame.size === 1)
    for (const [applicationId, entries] of byGame)
      byGame.set(
        applicationId,
        entries.filter((e) => !SHOWN_ABOVE.has(e.name)),
      );
  const modeName = (type: string) => t(`profile.games.types.${type}`);
  return (
    <div className="flex flex-col gap-4">
      {[...byGame].map(([applicationId, entries]) => (
        <section key={applicationId} aria-labelledby={`stats-${applicationId}`}>
          <h3
            id={`stats-${applicationId}`}
            className="mb-2 font-display text-lg font-bold capitalize text-neon-pink-soft"
          >
            {applicationId}
          </h3>
          <dl className="grid grid-cols-1 gap-x-6 sm:grid-cols-2">
            {entries.map((entry) => (
              <div
                key={entry.name}
                className="flex items-baseline justify-between gap-3 border-b border-line/60 py-2"
              >
                <dt className="text-ink-muted">
                  {KNOWN.has(entry.name) ? t(`profile.statistics.entry.${entry.name}`) : entry.name}
                </dt>
                <dd className="font-semibold tabular-nums text-ink">
                  {formatEntryValue(entry, lang, modeName, (h) => formatHour(h, lang, t))}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
