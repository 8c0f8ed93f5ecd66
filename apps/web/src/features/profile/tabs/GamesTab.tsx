import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Gamepad2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Game } from '@arcadia/contracts';
import { MATCH_HISTORY_PAGE_SIZE } from '@arcadia/contracts/limits';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { Button, EmptyState, Spinner, buttonClasses } from '../../../components/ui';
import { getMatchHistoryPageApi } from '../api/get-match-history-page';
import { GameCard } from '../components/GameCard';
import { useProfileOutlet } from '../outlet-context';
import { gameToggled, selectExpandedGameId } from '../state/profile-slice';

function GameList({ games, playerId }: { games: readonly Game[]; playerId: string }) {
  const dispatch = useAppDispatch();
  const expandedId = useAppSelector(selectExpandedGameId);
  return (
    <ul className="flex flex-col gap-3">
      {games.map((game) => (
        <li key={game.id}>
          <GameCard
            game={game}
            playerId={playerId}
            expanded={expandedId === game.id}
            onToggle={() => dispatch(gameToggled(game.id))}
          />
        </li>
      ))}
    </ul>
  );
}

/** An older page of the match history (page 2 onwards), and the button for the one after. */
function OlderGames({
  playerId,
  page,
  seen,
  onMore,
  isLast,
}: {
  playerId: string;
  page: number;
  seen: ReadonlySet<string>;
  onMore: () => void;
  isLast: boolean;
}) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = getMatchHistoryPageApi.useGetMatchHistoryPageQuery({
    userId: playerId,
    page,
  });
  // The button that asked for this page made way for a spinner, and the focus fell to the page:
  // once the games are there it goes to the first of them, where a keyboard reads on.
  const list = useRef<HTMLDivElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (!data || focused.current) return;
    focused.current = true;
    list.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
  }, [data]);
  if (isLoading) return <Spinner className="my-4 w-full" />;
  if (isError || !data)
    return (
      <div role="alert" className="flex flex-col items-center gap-2 py-4 text-ink-muted">
        {t('profile.games.loadMoreFailed')}
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          {t('ui.retry')}
        </Button>
      </div>
    );
  const fresh = data.games.filter((g) => !seen.has(g.id));
  return (
    <div ref={list} className="contents">
      <GameList games={fresh} playerId={playerId} />
      {isLast && data.hasMore && (
        <Button variant="secondary" onClick={onMore} className="self-center">
          {t('profile.games.loadMore')}
        </Button>
      )}
    </div>
  );
}

/** The match history as cards that expand to their scoreboard; older pages on request. */
export function Component() {
  const { t } = useTranslation();
  const { profile, isOwn } = useProfileOutlet();
  const [pages, setPages] = useState(1);
  const games = profile.matchHistory;
  if (games.length === 0)
    return (
      <EmptyState
        icon={<Gamepad2 size={40} />}
        title={t('profile.games.empty')}
        description={isOwn ? t('profile.games.emptyHint') : undefined}
        action={
          isOwn ? (
            <Link to="/play" className={buttonClasses('primary')}>
              {t('profile.games.play')}
            </Link>
          ) : undefined
        }
      />
    );
  const seen = new Set(games.map((g) => g.id));
  const mayHaveMore = games.length >= MATCH_HISTORY_PAGE_SIZE;
  return (
    <div className="flex flex-col gap-3">
      <GameList games={games} playerId={profile.id} />
      {Array.from({ length: pages - 1 }, (_, i) => i + 2).map((page) => (
        <OlderGames
          key={page}
          playerId={profile.id}
          page={page}
          seen={seen}
          isLast={page === pages}
          onMore={() => setPages(page + 1)}
        />
      ))}
      {pages === 1 && mayHaveMore && (
        <Button variant="secondary" onClick={() => setPages(2)} className="self-center">
          {t('profile.games.loadMore')}
        </Button>
      )}
    </div>
  );
}
