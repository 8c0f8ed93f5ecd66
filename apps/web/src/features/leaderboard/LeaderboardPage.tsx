import { Link, useSearchParams } from 'react-router';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type {
  GameType,
  LeaderboardMetric,
  LeaderboardPeriod,
  LeaderboardScope,
} from '@arcadia/contracts';
// The constants alone: the contracts' index would load every schema (and zod) with the board.
import {
  GAME_TYPES,
  LEADERBOARD_KD_MIN_GAMES,
  RATING_PROVISIONAL_GAMES,
} from '@arcadia/contracts/boards';
import {
  Card,
  EmptyState,
  ErrorState,
  SelectField,
  Spinner,
  buttonClasses,
} from '../../components/ui';
import { useAuth, useCurrentUser } from '../auth';
import { getArcadesApi } from './api/get-arcades';
import { getLeaderboardApi } from './api/get-leaderboard';
import { ChoiceGroup } from './components/ChoiceGroup';
import { LeaderboardTable } from './components/LeaderboardTable';
import { OwnRank } from './components/OwnRank';
import { Pager } from './components/Pager';
import { langOf } from './format';
import {
  arcadesOf,
  modeOf,
  readFilters,
  withFilter,
  writeFilters,
  type LeaderboardFilters,
} from './filters';

/** The only game so far; `/leaderboard` and `/leaderboard/commando` both show its board. */
export const APPLICATION_ID = 'commando';

/** `/leaderboard`, `/leaderboard/commando`: the board by metric, period and scope, paged. */
export function Component() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const read = readFilters(params);
  // The rating board is per mode and all time, for everyone or friends (docs/rating.md).
  const rating = read.metric === 'rating';
  const filters: LeaderboardFilters = rating
    ? { ...read, period: 'all', scope: read.scope === 'arcade' ? 'global' : read.scope }
    : read;
  const { status } = useAuth();
  const { profile } = useCurrentUser();
  const signedIn = status === 'signedIn';
  const { data: arcadeList } = getArcadesApi.useGetArcadesQuery();
  // The player's own venues first, then every other one.
  const arcades = [
    ...new Set([
      ...arcadesOf(profile?.matchHistory),
      ...(arcadeList?.arcades ?? []).map((a) => a.id),
    ]),
  ];
  const arcadeName = (id: string) => arcadeList?.arcades.find((a) => a.id === id)?.name ?? id;
  const arcade = filters.scope === 'arcade' ? (filters.arcade ?? arcades[0] ?? null) : null;
  const mode = modeOf(filters.mode, profile?.matchHistory);

  const needsSignIn = filters.scope === 'friends' && !signedIn;
  const needsArcade = filters.scope === 'arcade' && !arcade;
  const skip = needsSignIn || needsArcade;
  const query = getLeaderboardApi.useGetLeaderboardQuery(
    {
      applicationId: APPLICATION_ID,
      metric: filters.metric,
      period: filters.period,
      scope: filters.scope,
      arcade: arcade ?? undefined,
      ...(rating ? { mode } : {}),
      page: filters.page,
    },
    { skip, refetchOnMountOrArgChange: true },
  );
  // A skipped query still hands out the last board it had: nothing of it belongs here then.
  const { data, isFetching, isError, refetch } = skip
    ? { ...query, data: undefined, isFetching: false, isError: false }
    : query;

  const go = (next: LeaderboardFilters) => setParams(writeFilters(next));
  const periodName = t(`leaderboard.period.${filters.period}`);
  const me = data?.me ?? null;
  const meOnPage = !!me && !!data?.entries.some((e) => e.userId === me.userId);
  const periodStart = data?.periodStart
    ? new Intl.DateTimeFormat(langOf(i18n.language), {
        dateStyle: 'medium',
        timeZone: 'UTC',
      }).format(new Date(`${data.periodStart}T00:00:00Z`))
    : null;

  let body;
  if (needsSignIn)
    body = (
      <EmptyState
        title={t('leaderboard.friendsSignIn')}
        action={
          <Link to="/login" className={buttonClasses('primary')}>
            {t('leaderboard.signIn')}
          </Link>
        }
      />
    );
  else if (needsArcade) body = <EmptyState title={t('leaderboard.arcadeNone')} />;
  else if (isError)
    body = <ErrorState message={t('leaderboard.error')} onRetry={() => void refetch()} />;
  else if (!data) body = <Spinner size="lg" className="w-full py-12" />;
  else if (data.entries.length === 0 && data.total === 0)
    body = (
      <EmptyState
        icon={<Trophy size={40} />}
        title={t('leaderboard.empty.title')}
        description={t(`leaderboard.empty.${filters.scope}`)}
        action={
          <Link to="/play" className={buttonClasses('primary')}>
            {t('leaderboard.play')}
          </Link>
        }
      />
    );
  else
    body = (
      <>
        <Card
          className={isFetching ? 'opacity-70 transition-opacity' : 'transition-opacity'}
          aria-busy={isFetching}
        >
          <LeaderboardTable
            entries={data.entries}
            metric={data.metric}
            meId={me?.userId ?? null}
            caption={t(`leaderboard.table.caption.${filters.metric}`, {
              period: periodName,
              mode: t(`leaderboard.mode.${mode}`),
            })}
          />
        </Card>
        <Pager
          page={data.page}
          totalPages={data.totalPages}
          onPage={(page) => go({ ...filters, page })}
        />
      </>
    );

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 lg:max-w-5xl">
      <header>
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-neon-pink-soft">
          Commando
        </p>
        <h1 className="font-display text-3xl font-bold text-ink neon-text">
          {t('leaderboard.title')}
        </h1>
        {/* A live region: a changed filter's result ("2 Spieler") is read out (WCAG 4.1.3). */}
        <p className="mt-1 text-sm text-ink-muted" aria-live="polite" data-testid="board-summary">
          {[
            data ? t('leaderboard.players', { count: data.total }) : null,
            periodStart ? t('leaderboard.since', { date: periodStart }) : null,
            filters.metric === 'kd'
              ? t('leaderboard.kdNote', { count: LEADERBOARD_KD_MIN_GAMES })
              : null,
            rating ? t('leaderboard.ratingNote', { count: RATING_PROVISIONAL_GAMES }) : null,
          ]
            .filter(Boolean)
            .join(' · ') || '\u00a0'}
        </p>
      </header>
      <section
        aria-label={t('leaderboard.filters')}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1.3fr_1.3fr]"
      >
        <ChoiceGroup<LeaderboardMetric>
          legend={t('leaderboard.metric.label')}
          name="metric"
          value={filters.metric}
          onChange={(metric) => go(withFilter(filters, { metric }))}
          choices={(['score', 'kd', 'wins', 'rating'] as const).map((value) => ({
            value,
            label: t(`leaderboard.metric.${value}`),
          }))}
        />
        {rating ? (
          <ChoiceGroup<GameType>
            legend={t('leaderboard.mode.label')}
            name="mode"
            value={mode}
            onChange={(mode) => go(withFilter(filters, { mode }))}
            choices={GAME_TYPES.map((value) => ({
              value,
              label: t(`leaderboard.mode.${value}`),
            }))}
          />
        ) : (
          <ChoiceGroup<LeaderboardPeriod>
            legend={t('leaderboard.period.label')}
            name="period"
            value={filters.period}
            onChange={(period) => go(withFilter(filters, { period }))}
            choices={(['all', 'month', 'week'] as const).map((value) => ({
              value,
              label: t(`leaderboard.period.${value}`),
            }))}
          />
        )}
        <div className="sm:col-span-2 lg:col-span-1">
          <ChoiceGroup<LeaderboardScope>
            legend={t('leaderboard.scope.label')}
            name="scope"
            value={filters.scope}
            onChange={(scope) => go(withFilter(filters, { scope, arcade: null }))}
            choices={(rating
              ? (['global', 'friends'] as const)
              : (['global', 'friends', 'arcade'] as const)
            ).map((value) => ({
              value,
              label: t(`leaderboard.scope.${value}`),
            }))}
          />
        </div>
        {filters.scope === 'arcade' && arcades.length > 0 && arcade && (
          <SelectField
            label={t('leaderboard.arcade')}
            value={arcade}
            onChange={(e) => go(withFilter(filters, { arcade: e.target.value }))}
            options={[...new Set([arcade, ...arcades])].map((id) => ({
              value: id,
              label: arcadeName(id),
            }))}
            className="sm:col-span-2 lg:col-span-3"
          />
        )}
      </section>
      {signedIn && data && <OwnRank me={me} metric={data.metric} onPage={meOnPage} />}
      {body}
    </div>
  );
}
