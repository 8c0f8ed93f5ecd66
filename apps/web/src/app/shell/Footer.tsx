import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Crown, Gamepad2, UserRound } from 'lucide-react';
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
}: {
  to: string;
  label: string;
  icon: ReactNode;
  accent?: boolean;
}) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        cn(
          'flex min-w-16 flex-col items-center gap-0.5 rounded-xl px-3 py-1.5 text-xs font-semibold no-underline transition',
          accent
            ? 'text-neon-pink-soft hover:text-neon-pink'
            : 'text-ink-muted hover:text-neon-cyan-soft',
          isActive && 'text-neon-cyan-soft',
          focusRing,
        )
      }
    >
      {icon}
      <span>{label}</span>
    </NavLink>
  );
}

/** Crown (leaderboard), play, and profile (`/profile/{id}` when known, otherwise `/login`). */
export function Footer() {
  const { t } = useTranslation();
  const { profile } = useCurrentUser();
  const profileTo = profile ? `/profile/${encodeURIComponent(profile.id)}` : '/login';
  return (
    <footer className="fixed inset-x-0 bottom-0 z-40 border-t border-line/80 bg-night-900/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-md">
      <nav
        aria-label={t('app.footerNav')}
        className="mx-auto flex h-16 max-w-md items-center justify-around px-4"
      >
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
            <span className="-mt-6 flex h-12 w-12 items-center justify-center rounded-full border-2 border-neon-pink bg-night-900 shadow-neon-pink">
              <Gamepad2 aria-hidden="true" size={24} />
            </span>
          }
        />
        <FooterLink
          to={profileTo}
          label={t('app.footer.profile')}
          icon={<UserRound aria-hidden="true" size={24} />}
        />
      </nav>
    </footer>
  );
}
