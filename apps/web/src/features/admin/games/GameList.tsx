import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, ErrorState, Spinner, cn } from '../../../components/ui';
import { useConsole, withParam } from '../shell/console-context';
import { CursorPages, DayPicker, useDayParam, type CursorPage } from '../shell/DayPicker';
import { useConsoleFormat } from '../shell/format';
import { useGetGamesQuery } from './api/get-games';
import { ListedPlayers } from './ListedPlayers';

/**
 * The games of one Europe/Berlin day (kept in the URL as `?day=`), newest first, page by page,
 * each with who played.
 */
export function GameList() {
  const { t } = useTranslation();
  const { arcade, arcadeId } = useConsole();
  const format = useConsoleFormat();
  const picked = useDayParam();
  const { day } = picked;
  return (
    <section aria-labelledby="games-title" className="flex flex-col gap-4">
      <h2 id="games-title" className="font-display text-2xl font-bold text-ink">
        {t('admin-games.title', { arcade: arcade?.name ?? arcadeId })}
      </h2>
      <DayPicker
        {...picked}
        labels={{
          day: t('admin-games.day'),
          previous: t('admin-games.previousDay'),
          next: t('admin-games.nextDay'),
          today: t('admin-games.today'),
        }}
      />
      <p className="text-ink-muted">{t('admin-games.dayNote', { day: format.day(day) })}</p>
      {arcadeId && (
        <CursorPages key={day}>
          {(page) => <GamesPage arcadeId={arcadeId} day={day} {...page} />}
        </CursorPages>
      )}
    </section>
  );
}

function GamesPage({
  arcadeId,
  day,
  before,
  first,
  last,
  onMore,
}: { arcadeId: string; day: string } & CursorPage) {
  const { t } = useTranslation();
  const { href } = useConsole();
  const format = useConsoleFormat();
  const page = useGetGamesQuery({ arcadeId, day, before });
  if (page.isLoading)
    return <Spinner size="lg" className="w-full py-10" label={t('admin-games.loading')} />;
  if (page.isError)
    return <ErrorState message={t('admin-games.loadFailed')} onRetry={() => void page.refetch()} />;
  const games = page.data?.games ?? [];
  const next = page.data?.next;
  if (first && games.length === 0) return <EmptyState title={t('admin-games.empty')} />;
  return (
    <>
      <ul className="flex flex-col gap-2">
        {games.map((game) => (
          <li key={game.id}>
            <Link
              // The day goes along, so the game's way back is to this day's list.
              to={withParam(href(`games/${game.id}`), 'day', day)}
              className={cn(
                'grid grid-cols-[4.5rem_1fr_auto] items-center gap-3 rounded-xl border border-line bg-night-800/85 px-4 py-3 text-ink no-underline transition hover:border-neon-cyan/60',
                game.voidedAt && 'opacity-70',
              )}
            >
              <span className="font-display text-lg font-bold">{format.time(game.playedAt)}</span>
              <span className="min-w-0">
                <span className="block truncate font-semibold">
                  {game.map.name} ·{' '}
                  {t(`admin-games.modes.${game.type}`, { defaultValue: game.type })}
                </span>
                <span className="block truncate text-sm text-ink-muted">
                  {game.device.name ?? game.device.id} ·{' '}
                  {t('admin-games.players', { count: game.playerCount })} ·{' '}
                  {t('admin-games.minutes', { count: Math.round(game.durationSeconds / 60) })}
                </span>
                <ListedPlayers players={game.players} count={game.playerCount} />
              </span>
              {game.voidedAt ? (
                <span className="rounded-full border border-danger/60 px-2 py-0.5 text-sm font-semibold text-danger">
                  {t('admin-games.voided')}
                </span>
              ) : (
                <ChevronRight aria-hidden="true" size={20} className="text-ink-muted" />
              )}
            </Link>
          </li>
        ))}
      </ul>
      {last && next && (
        <Button variant="secondary" className="self-center" onClick={() => onMore(next)}>
          {t('admin-games.more')}
        </Button>
      )}
    </>
  );
}
