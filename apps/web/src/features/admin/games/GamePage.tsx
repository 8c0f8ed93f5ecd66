import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, Ban, Trophy, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminGame, AdminGameSlot } from '@arcadia/contracts';
import { Button, Card, ErrorState, ScrollArea, Spinner, cn } from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { useConsole, withParam } from '../shell/console-context';
import { useConsoleFormat } from '../shell/format';
import { useGetGameQuery } from './api/get-game';
import { AssignDialog } from './AssignDialog';
import { VoidDialog } from './VoidDialog';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `games/:gameId`: the scoreboard of one game (registered players link to their page in the
 * Players section), with void and assign-a-guest.
 */
export function GamePage() {
  const { t } = useTranslation();
  const { gameId = '' } = useParams();
  const { arcadeId, href } = useConsole();
  const game = useGetGameQuery({ arcadeId: arcadeId ?? '', gameId });
  // Back to the day the game was opened from (the list's link carries it), else today.
  const day = useSearchParams()[0].get('day');
  const back = (
    <Link
      to={day && DAY.test(day) ? withParam(href('games'), 'day', day) : href('games')}
      className="inline-flex items-center gap-2 self-start text-neon-cyan-soft"
    >
      <ArrowLeft aria-hidden="true" size={18} />
      {t('admin-games.back')}
    </Link>
  );
  if (game.isLoading)
    return <Spinner size="lg" className="w-full py-16" label={t('admin-games.loadingGame')} />;
  if (game.isError || !game.data) {
    const notFound = game.isError && toFailure(game.error).status === 404;
    return (
      <div className="flex flex-col gap-4">
        {back}
        <h2 className="font-display text-2xl font-bold text-ink">{t('admin-games.gameTitle')}</h2>
        <ErrorState
          message={t(notFound ? 'admin-games.notFound' : 'admin-games.loadGameFailed')}
          onRetry={notFound ? undefined : () => void game.refetch()}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {back}
      <Scoreboard game={game.data} />
    </div>
  );
}

/**
 * A slot's name: a registered player's links to their page in the Players section; a guest's is
 * plain text (the "Gast" badge follows); a player who deleted their profile is named by nothing.
 */
function SlotName({ slot }: { slot: AdminGameSlot }) {
  const { t } = useTranslation();
  const { href } = useConsole();
  if (slot.userId !== null)
    return (
      <Link
        to={href(`players/${encodeURIComponent(slot.userId)}`)}
        className="text-neon-cyan-soft underline-offset-4 hover:underline"
      >
        {slot.name}
      </Link>
    );
  if (!slot.guest)
    return <span className="italic text-ink-muted">{t('admin-games.deletedPlayer')}</span>;
  return <>{slot.name}</>;
}

function Scoreboard({ game }: { game: AdminGame }) {
  const { t } = useTranslation();
  const format = useConsoleFormat();
  const [voiding, setVoiding] = useState(false);
  const [assigning, setAssigning] = useState<AdminGameSlot | null>(null);
  const voided = game.voidedAt !== null;
  // Voided here: the button that opened the dialog is gone with it, so once the dialog has
  // closed and the game shows as voided, the focus moves to the new status ("Annulliert am …"),
  // not to the page. After the dialog's own return of the focus (Radix does it a task later).
  const status = useRef<HTMLParagraphElement>(null);
  const [voidedHere, setVoidedHere] = useState(false);
  useEffect(() => {
    if (!voidedHere || !voided || voiding) return undefined;
    const timer = setTimeout(() => {
      status.current?.focus();
      setVoidedHere(false);
    });
    return () => clearTimeout(timer);
  }, [voidedHere, voided, voiding]);
  const teamName = (id: number | null) =>
    id === null ? '–' : (game.teams.find((team) => team.id === id)?.name ?? String(id));
  return (
    <section aria-labelledby="game-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="game-title" className="font-display text-2xl font-bold text-ink">
            {game.map.name} · {t(`admin-games.modes.${game.type}`, { defaultValue: game.type })}
          </h2>
          <p className="text-ink-muted">
            {format.dateTime(game.playedAt)} · {game.device.name ?? game.device.id} ·{' '}
            {t('admin-games.minutes', { count: Math.round(game.durationSeconds / 60) })}
          </p>
        </div>
        {!voided && (
          <Button variant="danger" onClick={() => setVoiding(true)}>
            <Ban aria-hidden="true" size={18} />
            {t('admin-games.void')}
          </Button>
        )}
      </div>
      {game.voidedAt && (
        <p
          ref={status}
          role="status"
          tabIndex={-1}
          className="rounded-xl border border-danger/60 bg-danger/10 p-3 text-ink"
        >
          <strong className="text-danger">
            {t('admin-games.voidedAt', { at: format.dateTime(game.voidedAt) })}
          </strong>{' '}
          {game.voidReason && t('admin-games.voidReason', { reason: game.voidReason })}
        </p>
      )}
      {game.teams.length > 0 && (
        <ul className="flex flex-wrap gap-3" aria-label={t('admin-games.teams')}>
          {game.teams.map((team) => (
            <li key={team.id} className="rounded-xl border border-line px-4 py-2 text-ink">
              <span className="font-semibold">{team.name}</span>{' '}
              <span className="text-neon-cyan-soft">{format.number(team.score)}</span>
            </li>
          ))}
        </ul>
      )}
      <Card>
        <ScrollArea label={t('admin-games.scoreboard')} className="overflow-hidden rounded-2xl">
          <table className="w-full min-w-[36rem] text-left">
            <caption className="sr-only">{t('admin-games.scoreboard')}</caption>
            <thead className="border-b border-line text-sm text-ink-muted">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t('admin-games.col.player')}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t('admin-games.col.team')}
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  {t('admin-games.col.kills')}
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  {t('admin-games.col.deaths')}
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  {t('admin-games.col.score')}
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">{t('admin-games.col.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {game.players.map((slot) => (
                <tr key={slot.slotId} className="border-b border-line/50 last:border-0">
                  <th scope="row" className="px-4 py-3 font-semibold text-ink">
                    <span className="inline-flex items-center gap-2">
                      {slot.won && (
                        <Trophy
                          aria-label={t('admin-games.won')}
                          size={16}
                          className="text-neon-yellow"
                        />
                      )}
                      <SlotName slot={slot} />
                    </span>
                    {slot.guest && (
                      <span className="ml-2 rounded-full border border-line px-2 py-0.5 text-xs text-ink-muted">
                        {t('admin-games.guest')}
                      </span>
                    )}
                  </th>
                  <td className="px-4 py-3 text-ink-muted">{teamName(slot.teamId)}</td>
                  <td className="px-4 py-3 text-right text-ink">{format.number(slot.kills)}</td>
                  <td className="px-4 py-3 text-right text-ink">{format.number(slot.deaths)}</td>
                  <td className={cn('px-4 py-3 text-right font-semibold text-neon-cyan-soft')}>
                    {format.number(slot.score)}
                  </td>
                  <td className="px-4 py-3 text-right">
                    {slot.guest && !voided && (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={t('admin-games.assignNamed', { name: slot.name })}
                        onClick={() => setAssigning(slot)}
                      >
                        <UserPlus aria-hidden="true" size={16} />
                        {t('admin-games.assign')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      </Card>
      <VoidDialog
        game={game}
        open={voiding}
        onOpenChange={setVoiding}
        onVoided={() => setVoidedHere(true)}
      />
      <AssignDialog game={game} slot={assigning} onClose={() => setAssigning(null)} />
    </section>
  );
}
