import { Link, useParams } from 'react-router';
import { ChevronRight, Swords, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { matchPagePath } from '@arcadia/contracts/match-paths';
import { VENUE_TIME_ZONE } from '@arcadia/contracts/limits';
import { Card, EmptyState, ErrorState, Spinner, cn, focusRing } from '../../../components/ui';
import { compareFriendApi } from '../../friends';
import { formatNumber } from '../format';

function Figure({ value, label, accent }: { value: number; label: string; accent: string }) {
  return (
    // min-w-0 and breaks anywhere: a third of a 360 px row holds neither 'UNENTSCHIEDEN' nor a
    // 12-character name in capitals, which ran into the next label.
    <div className="flex min-w-0 flex-col-reverse items-center justify-end">
      <dt className="max-w-full text-center text-xs tracking-wider text-ink-muted uppercase hyphens-auto [overflow-wrap:anywhere]">
        {label}
      </dt>
      <dd className={cn('font-display text-3xl font-bold tabular-nums', accent)}>{value}</dd>
    </div>
  );
}

/**
 * `/profile/{id}/compare` on a friend's profile: the head-to-head record (wins of each against
 * the other, draws, games on the same team) and the games both played, each linking to its page.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language?.startsWith('en') ? 'en' : 'de';
  const { id = '' } = useParams();
  const { data, isLoading, isError, error, refetch } = compareFriendApi.useCompareFriendQuery(id, {
    refetchOnMountOrArgChange: true,
  });
  if (isLoading) return <Spinner className="w-full py-8" label={t('friendsCompare.loading')} />;
  if (isError || !data) {
    const forbidden = !!error && 'status' in error && error.status === 403;
    return (
      <ErrorState
        message={forbidden ? t('friendsCompare.notFriend') : t('friendsCompare.error')}
        onRetry={forbidden ? undefined : () => void refetch()}
      />
    );
  }
  const name = data.friend.userName;
  if (data.games.length === 0)
    return (
      <EmptyState
        icon={<Users size={40} />}
        title={t('friendsCompare.none', { name })}
        description={t('friendsCompare.noneHint')}
      />
    );
  const date = new Intl.DateTimeFormat(lang, {
    dateStyle: 'medium',
    timeStyle: 'short',
    // A game's time at the venue, as its card and match page tell it.
    timeZone: VENUE_TIME_ZONE,
  });
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="h2h-title">
        <Card className="p-4">
          <h2
            id="h2h-title"
            className="mb-3 flex items-center gap-2 font-display text-xl font-bold"
          >
            <Swords aria-hidden="true" size={20} className="text-neon-pink" />
            {t('friendsCompare.title', { name })}
          </h2>
          <dl className="grid grid-cols-3 gap-2">
            <Figure
              value={data.myWins}
              label={t('friendsCompare.myWins')}
              accent="text-neon-cyan"
            />
            <Figure value={data.draws} label={t('friendsCompare.draws')} accent="text-ink" />
            <Figure
              value={data.friendWins}
              label={t('friendsCompare.friendWins', { name })}
              accent="text-neon-pink"
            />
          </dl>
          <p className="mt-3 text-sm text-ink-muted">
            {t('friendsCompare.against', { count: data.gamesAgainst })} ·{' '}
            {t('friendsCompare.together', { count: data.gamesTogether, wins: data.togetherWins })}
          </p>
        </Card>
      </section>
      <section aria-labelledby="common-title">
        <h2 id="common-title" className="mb-2 font-display text-xl font-bold">
          {t('friendsCompare.games')}
        </h2>
        <Card>
          <ul className="divide-y divide-line/70">
            {data.games.map((game) => (
              <li key={game.id}>
                <Link
                  to={matchPagePath(game.id)}
                  className={cn(
                    'flex items-center gap-3 px-4 py-3 text-ink no-underline transition hover:bg-white/5',
                    focusRing,
                  )}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold">
                      {game.modeName[lang]} · {game.mapName}
                    </span>
                    <span className="block text-sm text-ink-muted">
                      <time dateTime={game.playedAt}>{date.format(new Date(game.playedAt))}</time>
                      {' · '}
                      {game.together ? t('friendsCompare.sameTeam') : t('friendsCompare.opponents')}
                    </span>
                  </span>
                  <span className="shrink-0 text-right text-sm tabular-nums">
                    {/* Each one's own points (a team game is won by the team, not by them). */}
                    <span className="block text-xs text-ink-muted" aria-hidden="true">
                      {t('friendsCompare.points')}
                    </span>
                    <span
                      className="block"
                      aria-label={t('friendsCompare.pointsLabel', {
                        mine: formatNumber(game.myScore, lang),
                        theirs: formatNumber(game.friendScore, lang),
                        name,
                      })}
                    >
                      {formatNumber(game.myScore, lang)} : {formatNumber(game.friendScore, lang)}
                    </span>
                    <span
                      className={cn(
                        'block text-xs font-bold uppercase',
                        game.iWon ? 'text-neon-green' : 'text-danger',
                      )}
                    >
                      {game.iWon ? t('friendsCompare.won') : t('friendsCompare.lost')}
                    </span>
                  </span>
                  <ChevronRight aria-hidden="true" size={18} className="text-ink-muted" />
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </section>
    </div>
  );
}
