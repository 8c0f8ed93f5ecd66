import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronDown, Crosshair, ExternalLink, Skull, Star, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Game } from '@arcadia/contracts';
import { matchPagePath } from '@arcadia/contracts/match-paths';
import { Card, cn, focusRing } from '../../../components/ui';
import { formatDateHour, formatNumber, langOf } from '../format';
import { Scoreboard } from './Scoreboard';

export interface GameCardProps {
  game: Game;
  /** Whose match history this is: their row is highlighted in the scoreboard. */
  playerId: string;
  expanded: boolean;
  onToggle: () => void;
}

/**
 * A number of the card with its icon and its visible name (score, kills, deaths): in a line on
 * a phone, as a column (number over name) from 1024 px.
 */
function Stat({ icon, value, children }: { icon: ReactNode; value: number; children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <span className="inline-flex items-baseline gap-1 lg:w-16 lg:flex-col lg:items-end lg:gap-0">
      <span className="inline-flex items-center gap-1 font-semibold text-ink lg:text-lg">
        <span aria-hidden="true">{icon}</span>
        {formatNumber(value, langOf(i18n.language))}
      </span>
      <span className="text-xs text-ink-muted">{children}</span>
    </span>
  );
}

/**
 * The player's skill rating change in the game (docs/rating.md): +12 / −8, the values before and
 * after in its accessible name; nothing for a game stored before ratings.
 */
function RatingChange({ rating }: { rating: Game['rating'] }) {
  const { t } = useTranslation();
  if (!rating) return null;
  const change = rating.after - rating.before;
  const shown = change > 0 ? `+${change}` : change < 0 ? `\u2212${-change}` : '±0';
  const label = t('profile.games.ratingChange', { before: rating.before, after: rating.after });
  return (
    <span
      title={label}
      aria-label={label}
      // Wider than the other numbers' columns: 'Spielstärke' touched 'Deaths' at 64 px.
      className="inline-flex items-baseline gap-1 lg:w-20 lg:flex-col lg:items-end lg:gap-0"
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex items-center gap-1 font-semibold lg:text-lg',
          change > 0 ? 'text-neon-green' : change < 0 ? 'text-danger' : 'text-ink',
        )}
      >
        <TrendingUp size={14} className="text-neon-cyan" />
        {shown}
      </span>
      <span aria-hidden="true" className="text-xs text-ink-muted">
        {t('profile.games.rating')}
      </span>
    </span>
  );
}

/**
 * One game of the match history; the whole head is a button that expands the scoreboard. On a
 * phone the numbers sit under the mode; from 1024 px the head is one row (mode and map, the
 * numbers in columns, won or lost), so a list of cards reads like a table.
 */
export function GameCard({ game, playerId, expanded, onToggle }: GameCardProps) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const panelId = useId();
  // The catalogue's name of the mode, as the games overview shows it.
  const typeName = game.modeName[lang];
  return (
    <Card className={cn('overflow-hidden', game.userHasWon ? 'border-neon-green/40' : undefined)}>
      <h2 className="m-0">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
          className={cn(
            'grid w-full grid-cols-[3rem_minmax(0,1fr)_auto_auto] items-center gap-x-3 gap-y-1.5 p-3 text-left font-sans transition hover:bg-white/5 sm:p-4',
            "[grid-template-areas:'icon_title_badge_badge'_'icon_meta_meta_meta'_'stats_stats_stats_chevron']",
            "lg:grid-cols-[3rem_minmax(0,1fr)_auto_6rem_1.5rem] lg:gap-x-6 lg:[grid-template-areas:'icon_info_stats_badge_chevron']",
            focusRing,
          )}
        >
          <img
            src={game.map.iconPath}
            alt=""
            width={48}
            height={48}
            className="h-12 w-12 self-start rounded-lg border border-line bg-night-950 object-cover [grid-area:icon] lg:self-center"
          />
          {/* On a phone the mode sits beside the badge and the map and time below both (a
              320 px card left them 90 px, a word a line); from 1024 px they are one column. */}
          <span className="contents lg:block lg:min-w-0 lg:[grid-area:info]">
            <span className="block min-w-0 self-center font-display text-lg leading-tight font-bold text-ink [grid-area:title]">
              {typeName}
            </span>
            {/* The map and the time each on a line: a narrow card broke "Karte: X · time" anywhere. */}
            <span className="block min-w-0 self-start [grid-area:meta] lg:mt-0.5">
              <span className="block text-sm text-ink-muted">
                {t('profile.games.map', { name: game.map.name })}
              </span>
              <time dateTime={game.playedAt} className="block text-sm text-ink-muted">
                {formatDateHour(game.playedAt, lang, t)}
              </time>
            </span>
          </span>
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm tabular-nums [grid-area:stats] lg:flex-nowrap lg:gap-x-2">
            <Stat icon={<Star size={14} className="text-neon-yellow" />} value={game.score}>
              {t('profile.games.score')}
            </Stat>
            <Stat icon={<Crosshair size={14} className="text-neon-cyan" />} value={game.kills}>
              {t('profile.games.kills')}
            </Stat>
            <Stat icon={<Skull size={14} className="text-neon-pink" />} value={game.deaths}>
              {t('profile.games.deaths')}
            </Stat>
            <RatingChange rating={game.rating} />
          </span>
          <span
            className={cn(
              'self-start justify-self-end rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wider uppercase [grid-area:badge] lg:self-center',
              game.userHasWon ? 'bg-neon-green/15 text-neon-green' : 'bg-danger/15 text-danger',
            )}
          >
            {game.userHasWon ? t('profile.games.won') : t('profile.games.lost')}
          </span>
          <ChevronDown
            aria-hidden="true"
            size={20}
            className={cn(
              'justify-self-end text-ink-muted transition-transform [grid-area:chevron]',
              expanded && 'rotate-180',
            )}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!expanded} className="border-t border-line px-3 py-4 sm:px-4">
        {expanded && (
          <>
            <Scoreboard game={game} highlightId={playerId} />
            <Link
              to={matchPagePath(game.id)}
              className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-neon-cyan-soft hover:underline"
            >
              <ExternalLink aria-hidden="true" size={14} />
              {t('profile.games.openMatch')}
            </Link>
          </>
        )}
      </div>
    </Card>
  );
}
