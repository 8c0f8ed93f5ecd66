import { useId } from 'react';
import { ChevronDown, Crosshair, Skull, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Game } from '@arcadia/contracts';
import { Card, cn, focusRing } from '../../../components/ui';
import { formatDateHour, langOf } from '../format';
import { Scoreboard } from './Scoreboard';

export interface GameCardProps {
  game: Game;
  /** Whose match history this is: their row is highlighted in the scoreboard. */
  playerId: string;
  expanded: boolean;
  onToggle: () => void;
}

/** One game of the match history; the whole head is a button that expands the scoreboard. */
export function GameCard({ game, playerId, expanded, onToggle }: GameCardProps) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const panelId = useId();
  const typeName = t(`profile.games.types.${game.type}`);
  return (
    <Card className={cn('overflow-hidden', game.userHasWon ? 'border-neon-green/40' : undefined)}>
      <h2 className="m-0">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
          className={cn(
            'flex w-full items-center gap-3 p-3 text-left font-sans transition hover:bg-white/5 sm:p-4',
            focusRing,
          )}
        >
          <img
            src={game.map.iconPath}
            alt=""
            width={48}
            height={48}
            className="h-12 w-12 shrink-0 self-start rounded-lg border border-line bg-night-950 object-cover"
          />
          <span className="min-w-0 flex-1">
            <span className="flex items-start justify-between gap-2">
              <span className="font-display text-lg leading-tight font-bold text-ink">
                {typeName}
              </span>
              <span
                className={cn(
                  'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wider uppercase',
                  game.userHasWon ? 'bg-neon-green/15 text-neon-green' : 'bg-danger/15 text-danger',
                )}
              >
                {game.userHasWon ? t('profile.games.won') : t('profile.games.lost')}
              </span>
            </span>
            <span className="mt-0.5 block text-sm text-ink-muted">
              {t('profile.games.map', { name: game.map.name })} ·{' '}
              <time dateTime={game.playedAt} className="whitespace-nowrap">
                {formatDateHour(game.playedAt, lang, t)}
              </time>
            </span>
            <span className="mt-1.5 flex items-center gap-x-4 text-sm text-ink tabular-nums">
              <span className="inline-flex items-center gap-1">
                <Star aria-hidden="true" size={14} className="text-neon-yellow" />
                {game.score} <span className="sr-only">{t('profile.games.score')}</span>
              </span>
              <span className="inline-flex items-center gap-1">
                <Crosshair aria-hidden="true" size={14} className="text-neon-cyan" />
                {game.kills} <span className="sr-only">{t('profile.games.kills')}</span>
              </span>
              <span className="inline-flex items-center gap-1">
                <Skull aria-hidden="true" size={14} className="text-neon-pink" />
                {game.deaths} <span className="sr-only">{t('profile.games.deaths')}</span>
              </span>
              <ChevronDown
                aria-hidden="true"
                size={20}
                className={cn(
                  'ml-auto text-ink-muted transition-transform',
                  expanded && 'rotate-180',
                )}
              />
            </span>
          </span>
        </button>
      </h2>
      <div id={panelId} hidden={!expanded} className="border-t border-line px-3 py-4 sm:px-4">
        {expanded && <Scoreboard game={game} highlightId={playerId} />}
      </div>
    </Card>
  );
}
