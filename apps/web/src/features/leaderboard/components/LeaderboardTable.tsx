import { Link } from 'react-router';
import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LeaderboardEntry, LeaderboardMetric } from '@arcadia/contracts';
import { RATING_PROVISIONAL_GAMES } from '@arcadia/contracts/boards';
import { cn } from '../../../components/ui';
import { formatFixed, formatPercent, formatValue, langOf } from '../format';

const podium = ['text-neon-yellow', 'text-ink', 'text-neon-pink-soft'];

export function RankBadge({ rank }: { rank: number }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 font-display text-lg font-bold tabular-nums',
        podium[rank - 1] ?? 'text-ink-muted',
      )}
    >
      {rank <= 3 && <Crown aria-hidden="true" size={14} />}
      {rank}
    </span>
  );
}

/** The column a wide screen adds beside the games: what the value means per game. */
const extraColumn: Record<LeaderboardMetric, 'perGame' | 'winRate' | null> = {
  score: 'perGame',
  wins: 'winRate',
  kd: null,
  rating: null,
};

function perGame(entry: LeaderboardEntry, column: 'perGame' | 'winRate', lang: 'de' | 'en') {
  if (entry.gamesPlayed <= 0) return '–';
  const share = entry.value / entry.gamesPlayed;
  return column === 'winRate' ? formatPercent(share, lang) : formatFixed(share, 0, lang);
}

/** The rating board's mark of a rating that is still provisional (docs/rating.md). */
export function ProvisionalMark({ entry }: { entry: LeaderboardEntry }) {
  const { t } = useTranslation();
  if (!entry.provisional) return null;
  // The space lets a narrow column (320 px) put the mark under the value, not past the screen;
  // in capitals 'PROVISIONAL' was wider than the value's cell on a phone.
  return (
    <>
      {' '}
      <span
        title={t('leaderboard.provisionalHint', { count: RATING_PROVISIONAL_GAMES })}
        className="inline-block rounded-full border border-line px-1.5 py-0.5 align-middle text-[0.7rem] font-semibold text-ink-muted"
      >
        {t('leaderboard.provisional')}
      </span>
    </>
  );
}

/**
 * One page of the board; the signed-in player's row is marked. Columns grow with the screen:
 * games from 640 px, and from 1024 px the value per game (average score, win rate).
 */
export function LeaderboardTable({
  entries,
  metric,
  meId,
  caption,
}: {
  entries: LeaderboardEntry[];
  metric: LeaderboardMetric;
  meId: string | null;
  caption: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const extra = extraColumn[metric];
  return (
    <table className="w-full table-fixed">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-xs uppercase tracking-wider text-ink-muted">
          <th scope="col" className="w-14 px-2 py-2 font-semibold sm:w-16 sm:px-3">
            {t('leaderboard.table.rank')}
          </th>
          <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
            {t('leaderboard.table.player')}
          </th>
          <th scope="col" className="w-24 px-2 py-2 text-right font-semibold sm:w-28 sm:px-3">
            {t(`leaderboard.metric.${metric}`)}
          </th>
          <th scope="col" className="hidden w-20 px-3 py-2 text-right font-semibold sm:table-cell">
            {t('leaderboard.table.games')}
          </th>
          {extra && (
            <th
              scope="col"
              className="hidden w-32 px-3 py-2 text-right font-semibold lg:table-cell"
            >
              {t(`leaderboard.table.${extra}`)}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const mine = entry.userId === meId;
          return (
            <tr
              key={entry.userId}
              aria-current={mine ? 'true' : undefined}
              className={cn(
                'border-t border-line/70',
                mine && 'bg-neon-cyan/10 shadow-[inset_3px_0_0_var(--color-neon-cyan)]',
              )}
            >
              <td className="px-2 py-2.5 sm:px-3">
                <RankBadge rank={entry.rank} />
              </td>
              <td className="px-2 py-2.5 font-semibold sm:px-3">
                {/* The name gives way, not the badge: a long name is cut before 'Du'. */}
                <div className="flex min-w-0 items-center gap-2">
                  <Link
                    to={`/profile/${entry.userId}`}
                    className="min-w-0 truncate text-ink hover:text-neon-cyan-soft hover:underline"
                  >
                    {entry.userName}
                  </Link>
                  {mine && (
                    <span className="shrink-0 rounded-full bg-neon-cyan px-2 py-0.5 text-xs font-bold text-night-950">
                      {t('leaderboard.you')}
                    </span>
                  )}
                </div>
              </td>
              <td className="px-2 py-2.5 text-right font-semibold tabular-nums text-neon-cyan-soft sm:px-3">
                {formatValue(entry.value, metric, lang)}
                <ProvisionalMark entry={entry} />
              </td>
              <td className="hidden px-3 py-2.5 text-right tabular-nums text-ink-muted sm:table-cell">
                {entry.gamesPlayed}
              </td>
              {extra && (
                <td className="hidden px-3 py-2.5 text-right tabular-nums text-ink-muted lg:table-cell">
                  {perGame(entry, extra, lang)}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
