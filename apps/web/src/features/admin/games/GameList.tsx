import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, ErrorState, Spinner, TextField, cn } from '../../../components/ui';
import { useConsole } from '../shell/console-context';
import { useConsoleFormat } from '../shell/format';
import { useGetGamesQuery } from './api/get-games';
import { berlinToday, isDay, shiftDay } from './berlin-day';

/** The games of one Europe/Berlin day (kept in the URL as `?day=`), newest first, page by page. */
export function GameList() {
  const { t } = useTranslation();
  const { arcade, arcadeId } = useConsole();
  const format = useConsoleFormat();
  const [params, setParams] = useSearchParams();
  const today = berlinToday();
  const asked = params.get('day');
  const day = isDay(asked) ? asked : today;
  const setDay = (next: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next === today) copy.delete('day');
      else copy.set('day', next);
      return copy;
    });
  return (
    <section aria-labelledby="games-title" className="flex flex-col gap-4">
      <h2 id="games-title" className="font-display text-2xl font-bold text-ink">
        {t('admin-games.title', { arcade: arcade?.name ?? arcadeId })}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <Button
          variant="secondary"
          size="icon"
          aria-label={t('admin-games.previousDay')}
          onClick={() => setDay(shiftDay(day, -1))}
        >
          <ChevronLeft aria-hidden="true" size={20} />
        </Button>
        <TextField
          type="date"
          className="w-48"
          label={t('admin-games.day')}
          value={day}
          max={today}
          onChange={(e) => isDay(e.target.value) && setDay(e.target.value)}
        />
        <Button
          variant="secondary"
          size="icon"
          aria-label={t('admin-games.nextDay')}
          disabled={day >= today}
          onClick={() => setDay(shiftDay(day, 1))}
        >
          <ChevronRight aria-hidden="true" size={20} />
        </Button>
        {day !== today && (
          <Button variant="ghost" onClick={() => setDay(today)}>
            {t('admin-games.today')}
          </Button>
        )}
      </div>
      <p className="text-ink-muted">{t('admin-games.dayNote', { day: format.day(day) })}</p>
      {arcadeId && <DayGames key={day} arcadeId={arcadeId} day={day} />}
    </section>
  );
}

/** The pages of a day: the first, and each further one the operator asks for. */
function DayGames({ arcadeId, day }: { arcadeId: string; day: string }) {
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  return (
    <div className="flex flex-col gap-3">
      {cursors.map((before, index) => (
        <GamesPage
          key={before ?? 'first'}
          arcadeId={arcadeId}
          day={day}
          before={before}
          first={index === 0}
          last={index === cursors.length - 1}
          onMore={(next) => setCursors((list) => [...list, next])}
        />
      ))}
    </div>
  );
}

function GamesPage({
  arcadeId,
  day,
  before,
  first,
  last,
  onMore,
}: {
  arcadeId: string;
  day: string;
  before?: string;
  first: boolean;
  last: boolean;
  onMore: (next: string) => void;
}) {
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
              to={href(`games/${game.id}`)}
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
