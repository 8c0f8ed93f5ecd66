import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminGameListPlayer } from '@arcadia/contracts';

/**
 * Who played a game of the day's list: the first few by name (best score first, as the server
 * sends them), then "+N" for the others. The names take at most two lines, and the count stays
 * visible beside them, so a row keeps its height on a 360 px phone.
 */
export function ListedPlayers({
  players,
  count,
}: {
  players: AdminGameListPlayer[];
  /** How many played in all (the game's playerCount). */
  count: number;
}) {
  const { t } = useTranslation();
  if (players.length === 0) return null;
  const more = Math.max(0, count - players.length);
  return (
    <span className="relative mt-0.5 flex min-w-0 items-start gap-1.5 text-sm text-ink">
      <span className="line-clamp-2 min-w-0 break-words">
        {players.map((player, index) => (
          // The list has no ids for guests and deleted players; their place is what they are.
          <Fragment key={index}>
            {index > 0 && ', '}
            <PlayerName player={player} />
          </Fragment>
        ))}
      </span>
      {more > 0 && (
        <span className="shrink-0 font-semibold text-ink-muted">
          <span aria-hidden="true">+{more}</span>
          <span className="sr-only">{` ${t('admin-games.morePlayers', { count: more })}`}</span>
        </span>
      )}
    </span>
  );
}

/** A registered player by name; a guest as the app names guests; a deleted player by nothing. */
function PlayerName({ player }: { player: AdminGameListPlayer }) {
  const { t } = useTranslation();
  switch (player.kind) {
    case 'player':
      return <span className="font-medium">{player.name}</span>;
    case 'guest':
      return (
        <span>
          {player.name} <span className="text-xs text-ink-muted">({t('admin-games.guest')})</span>
        </span>
      );
    case 'deleted':
      return <span className="italic text-ink-muted">{t('admin-games.deletedPlayer')}</span>;
  }
}
