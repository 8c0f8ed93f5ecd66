import type { ReactNode } from 'react';
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasStoredSession } from '../../../lib/auth/stored-session';
import { routeDispatch } from '../../../lib/store/app-store';
import { Card, CardBody, CardTitle, cn } from '../../../components/ui';
import { prefetchStatisticEntries, StatisticEntries } from '../components/StatisticEntries';
import {
  formatDateHour,
  formatHour,
  formatKd,
  formatNumber,
  formatPercent,
  langOf,
  lastPlayedAt,
  mostActiveHour,
} from '../format';
import { useProfileOutlet } from '../outlet-context';
import { prefetchTrends, TrendsSection } from '../trends/TrendsSection';

function Tile({
  label,
  value,
  accent,
  className,
}: {
  label: string;
  value: ReactNode;
  accent?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'rounded-xl border bg-night-950/50 px-3 py-3 text-center',
        accent ? 'border-neon-pink/50' : 'border-line',
        className,
      )}
    >
      <dt className="text-xs font-semibold uppercase tracking-wider text-ink-muted">{label}</dt>
      <dd
        className={cn(
          'mt-1 font-display text-2xl font-bold tabular-nums',
          accent ? 'text-neon-pink-soft' : 'text-ink',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * The tab's data calls (the statistics entries, the trends and their filters) and the chart's code
 * begin with the navigation, beside the profile's, instead of once the profile is shown.
 */
export function loader({ params }: LoaderFunctionArgs): null {
  const dispatch = routeDispatch();
  if (!dispatch || !params.id || !hasStoredSession()) return null;
  dispatch(prefetchStatisticEntries(params.id));
  void dispatch(prefetchTrends(params.id));
  return null;
}

/** Not again for the same player (Back closing a dialog returns to the same location). */
export function shouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams.id !== nextParams.id;
}

/**
 * Every field of the statistics summary, the playing times, the GraphQL statistics, and the
 * trends over time (charts loaded on demand).
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { profile, isOwn } = useProfileOutlet();
  const s = profile.userStatistics;
  const last = lastPlayedAt(profile.matchHistory);
  const hour = mostActiveHour(profile.matchHistory);
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardBody>
          <CardTitle className="mb-3 text-lg">{t('profile.statistics.summary')}</CardTitle>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Tile
              label={t('profile.statistics.gamesPlayed')}
              value={formatNumber(s.gamesPlayed, lang)}
            />
            <Tile
              label={t('profile.statistics.winrate')}
              value={formatPercent(s.winrate, lang)}
              accent
            />
            <Tile label={t('profile.statistics.gamesWon')} value={formatNumber(s.gamesWon, lang)} />
            <Tile
              label={t('profile.statistics.gamesLost')}
              value={formatNumber(s.gamesLost, lang)}
            />
            <Tile
              label={t('profile.statistics.overallKills')}
              value={formatNumber(s.overallKills, lang)}
            />
            <Tile
              label={t('profile.statistics.overallDeaths')}
              value={formatNumber(s.overallDeaths, lang)}
            />
            <Tile
              label={t('profile.statistics.kda')}
              value={formatKd(s.kda, lang)}
              accent
              className="col-span-2 sm:col-span-1"
            />
          </dl>
        </CardBody>
      </Card>
      <Card>
        <CardBody>
          <CardTitle className="mb-3 text-lg">{t('profile.statistics.times')}</CardTitle>
          {last === null || hour === null ? (
            <p className="text-ink-muted">{t('profile.statistics.noGames')}</p>
          ) : (
            <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              <Tile
                label={t('profile.statistics.lastPlayed')}
                value={<time dateTime={last}>{formatDateHour(last, lang, t)}</time>}
              />
              <Tile
                label={t('profile.statistics.mostActiveHour')}
                value={formatHour(hour, lang, t)}
              />
            </dl>
          )}
        </CardBody>
      </Card>
      <Card>
        <CardBody>
          <CardTitle className="mb-3 text-lg">{t('profile.statistics.perGame')}</CardTitle>
          <StatisticEntries playerId={profile.id} />
        </CardBody>
      </Card>
      <TrendsSection profile={profile} isOwn={isOwn} />
    </div>
  );
}
