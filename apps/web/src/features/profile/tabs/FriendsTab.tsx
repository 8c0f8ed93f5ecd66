import { Link, Navigate, useParams } from 'react-router';
import { ChevronRight, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../lib/store/hooks';
import { Card, EmptyState, Spinner, cn, focusRing } from '../../../components/ui';
import { selectFriends, selectFriendsLoading } from '../../friends';
import { useCurrentUser } from '../../auth';

/** The own friends, each linking to their profile, or 'Du hast keine Freunde'. Own profile only. */
export function Component() {
  const { t } = useTranslation();
  // Read from the route, not the layout's outlet context: the own-profile guard sits between.
  const { id = '' } = useParams();
  const { profile: me } = useCurrentUser();
  const friends = useAppSelector(selectFriends);
  const loading = useAppSelector(selectFriendsLoading);
  if (me && me.id !== id) return <Navigate to={`/profile/${encodeURIComponent(id)}`} replace />;
  if (friends.length === 0) {
    if (loading) return <Spinner className="w-full py-8" label={t('profile.friends.loading')} />;
    return (
      <EmptyState
        icon={<Users size={40} />}
        title={t('profile.friends.none')}
        description={t('profile.friends.noneHint')}
      />
    );
  }
  const sorted = [...friends].sort((a, b) => a.userName.localeCompare(b.userName));
  return (
    <Card>
      <h2 className="sr-only">{t('profile.friends.title')}</h2>
      <ul className="divide-y divide-line/70">
        {sorted.map((friend) => (
          <li key={friend.userId}>
            <Link
              to={`/profile/${encodeURIComponent(friend.userId)}`}
              className={cn(
                'flex items-center gap-3 px-4 py-3 text-ink no-underline transition hover:bg-white/5',
                focusRing,
              )}
            >
              <span
                aria-hidden="true"
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl border border-neon-cyan/50 font-display text-lg font-bold text-neon-cyan-soft"
              >
                {friend.userName.slice(0, 1).toUpperCase()}
              </span>
              <span className="min-w-0 flex-1 truncate font-semibold">{friend.userName}</span>
              <ChevronRight aria-hidden="true" size={18} className="text-ink-muted" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
