import { useCallback, useMemo, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import type { GameType, Profile } from '@arcadia/contracts';
import { GAME_TYPES } from '@arcadia/contracts/boards';
import {
  Card,
  CardBody,
  CardTitle,
  ErrorState,
  SelectField,
  Spinner,
} from '../../../components/ui';
import { useAppSelector } from '../../../lib/store/hooks';
import type { AppThunk } from '../../../lib/store/store';
import { useCurrentUser } from '../../auth';
import { selectFriends } from '../../friends';
import { getTrendFiltersApi } from '../api/get-trend-filters';
import { getTrendsApi } from '../api/get-trends';
import { formatDecimal } from '../../../lib/number-format';
import { venueWallClock } from '../../../lib/i18n/venue-time';
import {
  formatDayMonth,
  formatShortDateTime,
  formatTwoDigitDate,
} from '../../../lib/i18n/numeric-date';
import { formatKd, formatNumber, langOf } from '../format';
import { ratingChart, ratingMode, weeklyChart, type Player } from './series';
import { CurrentRatings } from './CurrentRatings';
import { TrendChart } from './TrendChart';

/** The application the statistics tab charts (the only one with modes and maps today). */
const APPLICATION = 'commando';

const isGameType = (value: string): value is GameType =>
  (GAME_TYPES as readonly string[]).includes(value);

/**
 * What the section shows first (the player's trends over every mode and map, the filters), begun
 * before it renders (the statistics tab's route loader).
 */
export const prefetchTrends =
  (playerId: string): AppThunk<Promise<void>> =>
  async (dispatch) => {
    dispatch(getTrendFiltersApi.util.prefetch('getTrendFilters', APPLICATION, {}));
    await dispatch(
      getTrendsApi.endpoints.getTrends.initiate(
        { playerId, application: APPLICATION, mode: '', map: '' },
        { subscribe: false },
      ),
    );
  };

/**
 * The statistics over time: games per week, score per game, K/D per week and the skill rating
 * after each game, per mode and map, with a second line for a friend (own profile) or for the
 * signed-in player (someone else's profile).
 */
export function TrendsSection({ profile, isOwn }: { profile: Profile; isOwn: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { profile: me } = useCurrentUser();
  const friends = useAppSelector(selectFriends);
  const [mode, setMode] = useState<GameType | ''>('');
  const [map, setMap] = useState('');
  const [compareId, setCompareId] = useState('');
  const filters = getTrendFiltersApi.useGetTrendFiltersQuery(APPLICATION);
  const args = { application: APPLICATION, mode, map };
  const own = getTrendsApi.useGetTrendsQuery({ playerId: profile.id, ...args });
  const other = getTrendsApi.useGetTrendsQuery(
    compareId ? { playerId: compareId, ...args } : skipToken,
  );

  const compareOptions = useMemo(() => {
    if (isOwn)
      return [...friends]
        .sort((a, b) => a.userName.localeCompare(b.userName))
        .map((f) => ({ value: f.userId, label: f.userName }));
    return me
      ? [{ value: me.id, label: t('profile.trends.compareMe', { name: me.userName }) }]
      : [];
  }, [friends, isOwn, me, t]);
  const otherName = isOwn ? friends.find((f) => f.userId === compareId)?.userName : me?.userName;

  const players = useMemo(() => {
    const list: Player[] = [];
    if (own.data) list.push({ name: profile.userName, trends: own.data });
    if (compareId && other.data && otherName) list.push({ name: otherName, trends: other.data });
    return list;
  }, [own.data, other.data, compareId, otherName, profile.userName]);

  // Without Intl.DateTimeFormat: its first use loads ICU's data while the charts draw.
  const formatWeek = useCallback(
    (s: number) => formatTwoDigitDate(new Date(s * 1000), lang, true),
    [lang],
  );
  const formatGame = useCallback(
    // A game's time at the venue, as its card and match page tell it.
    (s: number) => formatShortDateTime(venueWallClock(new Date(s * 1000)), lang, true),
    [lang],
  );
  const formatDay = useCallback((s: number) => formatDayMonth(new Date(s * 1000), lang), [lang]);
  const formatCount = useCallback((v: number) => formatNumber(v, lang), [lang]);
  const formatScore = useCallback((v: number) => formatDecimal(v, lang, 0, 1), [lang]);
  const formatRatio = useCallback((v: number) => formatKd(v, lang), [lang]);

  const charts = useMemo(() => {
    const shownMode = ratingMode(players, mode);
    return {
      games: weeklyChart(players, 'games'),
      score: weeklyChart(players, 'scorePerGame'),
      kd: weeklyChart(players, 'kd'),
      shownMode,
      rating: ratingChart(players, shownMode),
    };
  }, [players, mode]);

  const modeName = (type: GameType) => {
    const named = filters.data?.modes.find((m) => m.type === type);
    return named ? named.name[lang] : t(`profile.games.types.${type}`);
  };
  const modeOptions = [
    { value: '', label: t('profile.trends.allModes') },
    ...GAME_TYPES.map((type) => ({ value: type, label: modeName(type) })),
  ];
  const mapOptions = [
    { value: '', label: t('profile.trends.allMaps') },
    ...(filters.data?.maps ?? []).map((m) => ({ value: m.id, label: m.name })),
  ];

  return (
    <section aria-labelledby="trends-title" className="flex flex-col gap-4">
      {own.data && <CurrentRatings ratings={own.data.current} modeName={modeName} />}
      <Card>
        <CardBody>
          <CardTitle className="mb-3 text-lg">
            <span id="trends-title">{t('profile.trends.title')}</span>
          </CardTitle>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <SelectField
              label={t('profile.trends.mode')}
              value={mode}
              options={modeOptions}
              onChange={(e) => setMode(isGameType(e.target.value) ? e.target.value : '')}
            />
            <SelectField
              label={t('profile.trends.map')}
              value={map}
              options={mapOptions}
              onChange={(e) => setMap(e.target.value)}
            />
            {compareOptions.length > 0 && (
              <SelectField
                label={t('profile.trends.compare')}
                value={compareId}
                options={[{ value: '', label: t('profile.trends.compareNone') }, ...compareOptions]}
                onChange={(e) => setCompareId(e.target.value)}
              />
            )}
          </div>
        </CardBody>
      </Card>
      {own.isLoading ? (
        <Spinner className="w-full py-8" label={t('profile.trends.loading')} />
      ) : own.isError || !own.data ? (
        <ErrorState message={t('profile.trends.failed')} onRetry={() => void own.refetch()} />
      ) : (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          <TrendChart
            title={t('profile.trends.games')}
            data={charts.games}
            xLabel={t('profile.trends.week')}
            formatX={formatWeek}
            formatTick={formatDay}
            formatY={formatCount}
            integer
          />
          <TrendChart
            title={t('profile.trends.scorePerGame')}
            data={charts.score}
            xLabel={t('profile.trends.week')}
            formatX={formatWeek}
            formatTick={formatDay}
            formatY={formatScore}
          />
          <TrendChart
            title={t('profile.trends.kd')}
            data={charts.kd}
            xLabel={t('profile.trends.week')}
            formatX={formatWeek}
            formatTick={formatDay}
            formatY={formatRatio}
          />
          <TrendChart
            title={
              charts.shownMode
                ? t('profile.trends.ratingIn', { mode: modeName(charts.shownMode) })
                : t('profile.trends.rating')
            }
            data={charts.rating}
            xLabel={t('profile.trends.game')}
            formatX={formatGame}
            formatTick={formatDay}
            formatY={formatCount}
            integer
          />
        </div>
      )}
    </section>
  );
}
