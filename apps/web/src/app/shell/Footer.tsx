import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Crown, Gamepad2, Joystick, Settings, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/ui/focus';
import { cn } from '../../lib/class-names';
// The shell's entry of auth (not its index): keeps RTK Query out of the first bundle
import { useCurrentUser } from '../../features/auth/shell';

function FooterLink({
  to,
  label,
  icon,
  accent,
  railOnly,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  accent?: boolean;
  /** Shown only in the desktop side rail (the phone reaches it through the sidenav). */
  railOnly?: boolean;
}) {
  return (
    <li className={cn(railOnly ? 'hidden lg:flex' : 'flex', 'lg:w-full')}>
      <NavLink
        to={to}
        className={({ isActive }) =>
          cn(
            'flex min-w-16 flex-col items-center gap-0.5 rounded-xl px-3 py-1.5 text-xs font-semibold no-underline transition',
            'lg:w-full lg:min-w-0 lg:gap-1 lg:px-1 lg:py-2.5',
            accent
              ? 'text-neon-pink-soft hover:text-neon-pink'
              : 'text-ink-muted hover:text-neon-cyan-soft lg:hover:bg-white/5',
            isActive && 'text-neon-cyan-soft',
            isActive &&
              !accent &&
              'lg:bg-neon-cyan/10 lg:shadow-[inset_3px_0_0_var(--color-neon-cyan)]',
            focusRing,
          )
        }
      >
        {icon}
        {/* 11 px in the rail: "Leaderboard" fits its 96 px without being cut */}
        <span className="max-w-full truncate lg:text-[0.6875rem] lg:tracking-tight">{label}</span>
      </NavLink>
    </li>
  );
}

/**
 * Crown (leaderboard), play, and profile (`/profile/{id}` when known, otherwise `/login`): a bar
 * at the bottom on phones and tablets; from 1024 px a side rail on the left that also holds the
 * games overview and the settings (CSS only: the same links, one landmark).
 */
export function Footer() {
  const { t } = useTranslation();
  const { profile } = useCurrentUser();
  const profileTo = profile ? `/profile/${encodeURIComponent(profile.id)}` : '/login';
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 border-t border-line/80 bg-night-900/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-md lg:top-16 lg:right-auto lg:z-30 lg:w-28 lg:border-t-0 lg:border-r lg:bg-night-900/70 lg:pb-0">
      <nav aria-label={t('app.footerNav')} className="h-full">
        <ul className="mx-auto flex h-16 max-w-md items-center justify-around px-4 lg:h-auto lg:max-w-none lg:flex-col lg:justify-start lg:gap-1 lg:px-2 lg:py-5">
          <FooterLink
            to="/leaderboard"
            label={t('app.footer.leaderboard')}
            icon={<Crown aria-hidden="true" size={24} />}
          />
          <FooterLink
            to="/play"
            accent
            label={t('app.footer.play')}
            icon={
              <span className="-mt-6 flex h-12 w-12 items-center justify-center rounded-full border-2 border-neon-pink bg-night-900 shadow-neon-pink lg:mt-0 lg:h-11 lg:w-11">
                <Gamepad2 aria-hidden="true" size={24} />
              </span>
            }
          />
          <FooterLink
            to={profileTo}
            label={t('app.footer.profile')}
            icon={<UserRound aria-hidden="true" size={24} />}
          />
          <FooterLink
            to="/games/overview/commando"
            railOnly
            label={t('app.nav.games')}
            icon={<Joystick aria-hidden="true" size={24} />}
          />
          <FooterLink
            to="/settings"
            railOnly
            label={t('app.nav.settings')}
            icon={<Settings aria-hidden="true" size={24} />}
          />
        </ul>
      </nav>
    </div>
  );
}
