import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Ban, PencilLine, RotateCcw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminPlayer } from '@arcadia/contracts';
import { Button, Card, CardBody, ErrorState, Spinner } from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { useArcadeName, useConsole } from '../shell/console-context';
import { useConsoleFormat } from '../shell/format';
import { useGetPlayerQuery } from './api/get-player';
import { DeleteDialog } from './DeleteDialog';
import { PlayerBadges } from './PlayerBadges';
import { RecentGames } from './RecentGames';
import { RenameDialog } from './RenameDialog';
import { SuspendDialog, UnsuspendDialog } from './SuspendDialog';

/** `players/:playerId`: profile, status and recent games; admins rename, suspend, delete. */
export function PlayerPage() {
  const { t } = useTranslation();
  const { playerId = '' } = useParams();
  const { href } = useConsole();
  const player = useGetPlayerQuery(playerId);
  const back = (
    <Link
      to={href('players')}
      className="inline-flex items-center gap-2 self-start text-neon-cyan-soft"
    >
      <ArrowLeft aria-hidden="true" size={18} />
      {t('admin-players.back')}
    </Link>
  );
  if (player.isLoading)
    return <Spinner size="lg" className="w-full py-16" label={t('admin-players.loadingPlayer')} />;
  if (player.isError || !player.data) {
    const notFound = player.isError && toFailure(player.error).status === 404;
    return (
      <div className="flex flex-col gap-4">
        {back}
        <h2 className="font-display text-2xl font-bold text-ink">
          {t('admin-players.playerTitle')}
        </h2>
        <ErrorState
          message={t(notFound ? 'admin-players.notFound' : 'admin-players.loadPlayerFailed')}
          onRetry={notFound ? undefined : () => void player.refetch()}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {back}
      <Profile player={player.data} />
    </div>
  );
}

type Open = 'rename' | 'suspend' | 'unsuspend' | 'delete' | null;

function Profile({ player }: { player: AdminPlayer }) {
  const { t } = useTranslation();
  const { operator } = useConsole();
  const arcadeName = useArcadeName();
  const format = useConsoleFormat();
  const [open, setOpen] = useState<Open>(null);
  const admin = operator.role === 'admin';
  const dialog = (which: Exclude<Open, null>) => ({
    open: open === which,
    onOpenChange: (next: boolean) => setOpen(next ? which : null),
  });
  const facts: Array<[string, string]> = [
    [t('admin-players.since'), format.dateTime(player.createdAt)],
    [
      t('admin-players.account'),
      t(player.claimed ? 'admin-players.claimed' : 'admin-players.card'),
    ],
    ...(player.mail !== null ? [[t('admin-players.mail'), player.mail] as [string, string]] : []),
    ...(player.signInEmail !== null
      ? [[t('admin-players.signInEmail'), player.signInEmail] as [string, string]]
      : []),
    ...(player.arcades.length
      ? [[t('admin-players.runs'), player.arcades.map(arcadeName).join(', ')] as [string, string]]
      : []),
    [
      t('admin-players.device'),
      player.device ? `${arcadeName(player.device.arcadeId)} · ${player.device.deviceId}` : '–',
    ],
  ];
  return (
    <section aria-labelledby="player-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-2">
          <h2 id="player-title" className="font-display text-2xl font-bold text-ink">
            {player.userName}
          </h2>
          <div className="flex flex-wrap gap-2">
            <PlayerBadges player={player} />
          </div>
        </div>
        {admin && player.role !== 'admin' && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setOpen('rename')}>
              <PencilLine aria-hidden="true" size={18} />
              {t('admin-players.rename')}
            </Button>
            {player.suspendedAt ? (
              <Button variant="secondary" onClick={() => setOpen('unsuspend')}>
                <RotateCcw aria-hidden="true" size={18} />
                {t('admin-players.unsuspend')}
              </Button>
            ) : (
              <Button variant="danger" onClick={() => setOpen('suspend')}>
                <Ban aria-hidden="true" size={18} />
                {t('admin-players.suspend')}
              </Button>
            )}
            <Button variant="danger" onClick={() => setOpen('delete')}>
              <Trash2 aria-hidden="true" size={18} />
              {t('admin-players.delete')}
            </Button>
          </div>
        )}
      </div>
      {player.suspendedAt && (
        <p role="status" className="rounded-xl border border-danger/60 bg-danger/10 p-3 text-ink">
          {t('admin-players.suspendedSince', { at: format.dateTime(player.suspendedAt) })}
          {player.suspendedReason &&
            ` ${t('admin-players.suspendedReason', { reason: player.suspendedReason })}`}
        </p>
      )}
      <Card>
        <CardBody>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
            {facts.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="font-semibold text-ink-muted">{term}</dt>
                <dd className="break-words text-ink">{value}</dd>
              </div>
            ))}
          </dl>
        </CardBody>
      </Card>
      <RecentGames player={player} />
      {admin && player.role !== 'admin' && (
        <>
          <RenameDialog player={player} {...dialog('rename')} />
          <SuspendDialog player={player} {...dialog('suspend')} />
          <UnsuspendDialog player={player} {...dialog('unsuspend')} />
          <DeleteDialog player={player} {...dialog('delete')} />
        </>
      )}
    </section>
  );
}
