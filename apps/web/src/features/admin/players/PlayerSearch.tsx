import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, ErrorState, Spinner, TextField } from '../../../components/ui';
import { useConsole } from '../shell/console-context';
import { useGetPlayersQuery } from './api/get-players';
import { PlayerBadges } from './PlayerBadges';

/**
 * Players by name (kept in the URL as `?q=`, the page as `?page=`): admins find everyone, staff
 * the players of their arcades. Without a name, the newest profiles.
 */
export function PlayerSearch() {
  const { t } = useTranslation();
  const { operator } = useConsole();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [term, setTerm] = useState(q);
  const go = (next: { q?: string; page?: number }) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      const nextQ = next.q ?? q;
      if (nextQ) copy.set('q', nextQ);
      else copy.delete('q');
      if ((next.page ?? 1) > 1) copy.set('page', String(next.page));
      else copy.delete('page');
      return copy;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: term.trim(), page: 1 });
  };
  return (
    <section aria-labelledby="players-title" className="flex flex-col gap-4">
      <h2 id="players-title" className="font-display text-2xl font-bold text-ink">
        {t('admin-players.title')}
      </h2>
      <p className="text-ink-muted">
        {t(operator.role === 'admin' ? 'admin-players.scopeAdmin' : 'admin-players.scopeStaff')}
      </p>
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <TextField
          type="search"
          className="min-w-0 flex-1 basis-64"
          label={t('admin-players.search')}
          value={term}
          maxLength={64}
          autoComplete="off"
          onChange={(e) => setTerm(e.target.value)}
        />
        <Button type="submit">{t('admin-players.find')}</Button>
      </form>
      <Results q={q} page={page} onPage={(next) => go({ page: next })} />
    </section>
  );
}

function Results({ q, page, onPage }: { q: string; page: number; onPage: (n: number) => void }) {
  const { t } = useTranslation();
  const { href } = useConsole();
  const found = useGetPlayersQuery({ q, page });
  if (found.isLoading || (found.isFetching && !found.data))
    return <Spinner size="lg" className="w-full py-10" label={t('admin-players.loading')} />;
  if (found.isError)
    return (
      <ErrorState message={t('admin-players.loadFailed')} onRetry={() => void found.refetch()} />
    );
  const players = found.data?.players ?? [];
  // A page past the last (an old link, a list that got shorter): said so, with the way back.
  if (players.length === 0 && page > 1)
    return (
      <EmptyState
        title={t('admin-players.pastEnd', { page })}
        action={
          <Button variant="secondary" onClick={() => onPage(1)}>
            {t('admin-players.firstPage')}
          </Button>
        }
      />
    );
  if (players.length === 0)
    return <EmptyState title={t(q ? 'admin-players.none' : 'admin-players.empty')} />;
  // At the first and last page the buttons are aria-disabled (a press does nothing), not
  // disabled: 'Nächste Seite' pressed to reach the last page would otherwise drop the keyboard
  // focus to the page (as the leaderboard's pager).
  const first = page <= 1;
  const last = !found.data?.hasMore;
  return (
    <>
      <ul aria-label={t('admin-players.results')} className="flex flex-col gap-2">
        {players.map((player) => (
          <li key={player.id}>
            <Link
              to={href(`players/${player.id}`)}
              className="grid grid-cols-[1fr_auto] items-center gap-3 rounded-xl border border-line bg-night-800/85 px-4 py-3 text-ink no-underline transition hover:border-neon-cyan/60"
            >
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="truncate font-semibold">{player.userName}</span>
                <PlayerBadges player={player} />
              </span>
              <ChevronRight aria-hidden="true" size={20} className="text-ink-muted" />
            </Link>
          </li>
        ))}
      </ul>
      <nav aria-label={t('admin-players.pages')} className="flex items-center justify-center gap-3">
        <Button
          variant="secondary"
          aria-disabled={first || undefined}
          onClick={() => {
            if (!first) onPage(page - 1);
          }}
        >
          {t('admin-players.previous')}
        </Button>
        <span className="text-ink-muted">{t('admin-players.page', { page })}</span>
        <Button
          variant="secondary"
          aria-disabled={last || undefined}
          onClick={() => {
            if (!last) onPage(page + 1);
          }}
        >
          {t('admin-players.next')}
        </Button>
      </nav>
    </>
  );
}
