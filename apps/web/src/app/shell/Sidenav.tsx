import { useRef, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Dialog as RadixDialog } from 'radix-ui';
import { Gamepad2, LogIn, LogOut, Settings, ShieldCheck, Trophy, UserRound, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { focusRing } from '../../components/ui/focus';
import { cn } from '../../lib/class-names';
import { useAuth, useCurrentUser } from '../../features/auth';
import { closeSidebar, openSidebar, selectSidebarExpanded } from '../../features/layout';
import { Logo } from './Logo';
import { SIDENAV_ID } from './Header';
import { focusMain } from './focus-main';

const itemClasses = cn(
  'flex h-12 items-center gap-3 rounded-xl px-4 text-lg font-semibold text-ink no-underline transition hover:bg-white/8 hover:text-neon-cyan-soft',
  focusRing,
);

function Item({
  to,
  icon,
  children,
  onNavigate,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  onNavigate: () => void;
}) {
  return (
    <li>
      <NavLink
        to={to}
        onClick={onNavigate}
        className={({ isActive }) =>
          cn(
            itemClasses,
            isActive &&
              'bg-neon-cyan/10 text-neon-cyan-soft shadow-[inset_3px_0_0_var(--color-neon-cyan)]',
          )
        }
      >
        {icon}
        {children}
      </NavLink>
    </li>
  );
}

/**
 * The side navigation: Spiele, Rangliste, Settings, and Login or Logout. It slides in from the
 * left as a modal panel: focus moves into it, Escape or a click outside closes it, and focus
 * returns to the burger.
 */
export function Sidenav() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSidebarExpanded);
  const { isSignedIn, signIn, signOut } = useAuth();
  const { profile } = useCurrentUser();
  // Closed by opening a page: the focus goes to the new content, not back to the burger.
  const navigated = useRef(false);
  const onNavigate = () => {
    navigated.current = true;
  };
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => dispatch(next ? openSidebar() : closeSidebar())}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-night-950/70 backdrop-blur-[2px]" />
        <RadixDialog.Content
          id={SIDENAV_ID}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!navigated.current) return;
            navigated.current = false;
            event.preventDefault();
            focusMain();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] animate-slide-in-left flex-col border-r border-neon-cyan/30 bg-night-900 p-4 shadow-neon-cyan"
        >
          <div className="mb-6 flex items-center justify-between">
            <RadixDialog.Title asChild>
              <h2>
                <Logo />
                <span className="sr-only">{t('app.navigation')}</span>
              </h2>
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label={t('app.closeMenu')}
              className={cn(
                'inline-flex h-10 w-10 items-center justify-center rounded-lg text-ink-muted hover:text-ink',
                focusRing,
              )}
            >
              <X aria-hidden="true" size={22} />
            </RadixDialog.Close>
          </div>
          <nav aria-label={t('app.navigation')}>
            <ul className="flex flex-col gap-1">
              {profile && (
                <Item
                  to={`/profile/${encodeURIComponent(profile.id)}`}
                  icon={<UserRound aria-hidden="true" size={22} />}
                  onNavigate={onNavigate}
                >
                  <span className="flex flex-col leading-tight">
                    {profile.userName}
                    <span className="text-xs font-medium text-ink-muted">
                      {t('app.nav.profile')}
                    </span>
                  </span>
                </Item>
              )}
              <Item
                to="/games/overview/commando"
                icon={<Gamepad2 aria-hidden="true" size={22} />}
                onNavigate={onNavigate}
              >
                {t('app.nav.games')}
              </Item>
              <Item
                to="/leaderboard"
                icon={<Trophy aria-hidden="true" size={22} />}
                onNavigate={onNavigate}
              >
                {t('app.nav.leaderboard')}
              </Item>
              <Item
                to="/settings"
                icon={<Settings aria-hidden="true" size={22} />}
                onNavigate={onNavigate}
              >
                {t('app.nav.settings')}
              </Item>
              {(profile?.role === 'staff' || profile?.role === 'admin') && (
                <Item
                  to="/admin"
                  icon={<ShieldCheck aria-hidden="true" size={22} />}
                  onNavigate={onNavigate}
                >
                  {t('app.nav.admin')}
                </Item>
              )}
              <li className="mt-4 border-t border-line pt-4">
                {isSignedIn ? (
                  <button
                    type="button"
                    className={cn(itemClasses, 'w-full')}
                    onClick={() => {
                      dispatch(closeSidebar());
                      signOut();
                    }}
                  >
                    <LogOut aria-hidden="true" size={22} />
                    {t('app.nav.logout')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className={cn(itemClasses, 'w-full')}
                    onClick={() => {
                      dispatch(closeSidebar());
                      signIn();
                    }}
                  >
                    <LogIn aria-hidden="true" size={22} />
                    {t('app.nav.login')}
                  </button>
                )}
              </li>
            </ul>
          </nav>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
