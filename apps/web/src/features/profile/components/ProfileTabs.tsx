import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn, focusRing } from '../../../components/ui';

export type ProfileTab = 'statistics' | 'games' | 'friends' | 'compare';

/** Which tab the path shows; the profile's own path shows statistics (the default child). */
export function activeTab(pathname: string): ProfileTab {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return last === 'games' || last === 'friends' || last === 'compare' ? last : 'statistics';
}

const tabClasses = cn(
  // Tighter on the narrowest phones (320 px), where three labels need the whole width.
  'relative inline-flex h-11 w-full items-center justify-center whitespace-nowrap px-1.5 font-semibold text-ink-muted transition hover:text-ink min-[360px]:px-3 min-[360px]:tracking-wide sm:px-4',
  'after:absolute after:inset-x-2 after:bottom-0 after:h-0.5 after:rounded-full after:bg-transparent after:transition',
  focusRing,
);
const activeClasses = 'text-neon-cyan-soft after:bg-neon-cyan after:shadow-neon-cyan';

/**
 * Statistics, Games, and Friends only on the own profile, Compare only on a friend's; each tab is
 * a route.
 */
export function ProfileTabs({
  profileId,
  isOwn,
  isFriend = false,
}: {
  profileId: string;
  isOwn: boolean;
  isFriend?: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = activeTab(pathname);
  const tabs: ProfileTab[] = isOwn
    ? ['statistics', 'games', 'friends']
    : isFriend
      ? ['statistics', 'games', 'compare']
      : ['statistics', 'games'];
  const base = `/profile/${encodeURIComponent(profileId)}`;
  return (
    <nav aria-label={t('profile.tabsLabel')} className="border-b border-line">
      {/* Tabs share the width on a phone (scrolling sideways if a label is still too long). */}
      <ul className="flex gap-1 overflow-x-auto">
        {tabs.map((tab) => (
          <li key={tab} className="flex-1 sm:flex-none">
            <Link
              to={`${base}/${tab}`}
              aria-current={tab === current ? 'page' : undefined}
              className={cn(tabClasses, tab === current && activeClasses)}
            >
              {t(`profile.tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
