import { useTranslation } from 'react-i18next';
import type { LeaderboardEntry, LeaderboardMetric } from '@arcadia/contracts';
import { LEADERBOARD_KD_MIN_GAMES } from '@arcadia/contracts/boards';
import { Card } from '../../../components/ui';
import { formatValue, langOf } from '../format';
import { ProvisionalMark, RankBadge } from './LeaderboardTable';

/** The signed-in player's own place, shown whether or not it is on the page. */
export function OwnRank({
  me,
  metric,
  onPage,
}: {
  me: LeaderboardEntry | null;
  metric: LeaderboardMetric;
  onPage: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  return (
    <section aria-labelledby="own-rank-title">
      <Card className="border-neon-cyan/50">
        <div className="flex items-center gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <h2
              id="own-rank-title"
              className="text-xs font-semibold uppercase tracking-wider text-ink-muted"
            >
              {t('leaderboard.me')}
            </h2>
            {me ? (
              <p className="mt-0.5 flex items-center gap-3">
                <RankBadge rank={me.rank} />
                <span className="truncate font-semibold">{me.userName}</span>
                {!onPage && !me.hidden && (
                  <span className="text-sm text-ink-muted">{t('leaderboard.meOffPage')}</span>
                )}
              </p>
            ) : null}
            {me?.hidden ? (
              <p className="mt-1 text-sm text-ink-muted">{t('leaderboard.meHidden')}</p>
            ) : null}
            {me ? null : (
              <p className="mt-0.5 text-sm text-ink-muted">
                {/* Off the K/D board the reason is the minimum of games, not playing at all. */}
                {metric === 'kd'
                  ? t('leaderboard.meNoneKd', { count: LEADERBOARD_KD_MIN_GAMES })
                  : metric === 'rating'
                    ? t('leaderboard.meNoneRating')
                    : t('leaderboard.meNone')}
              </p>
            )}
          </div>
          {me && (
            <span className="font-display text-2xl font-bold tabular-nums text-neon-cyan-soft">
              {formatValue(me.value, metric, lang)}
              <ProvisionalMark entry={me} />
            </span>
          )}
        </div>
      </Card>
    </section>
  );
}
