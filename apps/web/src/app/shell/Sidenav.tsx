import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Gamepad2, LogIn, LogOut, Settings, ShieldCheck, Trophy, UserRound, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { focusRing } from '../../components/ui/focus';
import { cn } from '../../lib/class-names';
import { useAuth, useCurrentUser } from '../../features/auth';
import { closeSidebar, selectSidebarExpanded } from '../../features/layout';
import { BURGER_ID, SIDENAV_ID } from './ids';
import { focusMain } from './focus-main';
import { useBackCloses } from '../../lib/back-closes';

/** How long a closing panel may take to slide out before it is removed anyway. */
export const SIDENAV_CLOSE_MAX_MS = 400;

const itemClasses = cn(
  'flex h-12 items-center gap-3 rounded-xl px-4 text-lg font-semibold text-ink no-underline transition hover:bg-white/8 hover:text-neon-cyan-soft',
  focusRing,
);

function prefersReducedMotion() {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

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
        // The page takes the open panel's history entry (Back from it returns to the page before).
        replace
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
 * The side navigation (spec §2): Spiele, Rangliste, Settings, and Login or Logout. It slides in
 * from the left below the header, so the burger stays on top and toggles it closed again. While
 * it is open the page behind it is inert (the shell marks it); focus moves into the panel,
 * Escape, × or a click beside it close it and give the focus back to the burger. Closing, it
 * slides out (`data-state="closed"`) before it is removed, unless less motion is preferred.
 */
export function Sidenav() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSidebarExpanded);
  const { isSignedIn, signIn, signOut } = useAuth();
  const { profile } = useCurrentUser();
  const { pathname } = useLocation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useBackCloses(open, () => dispatch(closeSidebar()));

  // Still shown while it slides out; a player who prefers less motion sees it go at once.
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  const closing = shown && !open;
  if (closing && prefersReducedMotion()) setShown(false);

  // Closed by opening a page: the focus goes to the new content, otherwise back to the burger.
  const navigated = useRef(false);
  const openedOn = useRef(pathname);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      openedOn.current = pathname;
      panel.current?.querySelector<HTMLElement>('nav a[href], nav button')?.focus();
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    if (navigated.current || openedOn.current !== pathname) focusMain();
    else document.getElementById(BURGER_ID)?.focus();
    navigated.current = false;
    // Only the open state decides; the path is read as it is at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // Tab goes round the burger and the panel, as in a modal: the header and the bar behind
      // the dimmed page are not reachable while it is open.
      if (event.key === 'Tab' && !event.defaultPrevented) {
        const burger = document.getElementById(BURGER_ID);
        const inPanel = Array.from(
          panel.current?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? [],
        );
        const ring = burger ? [burger, ...inPanel] : inPanel;
        if (ring.length === 0) return;
        const at = ring.indexOf(document.activeElement as HTMLElement);
        const next = event.shiftKey
          ? ring[at <= 0 ? ring.length - 1 : at - 1]
          : ring[at === -1 || at === ring.length - 1 ? 0 : at + 1];
        event.preventDefault();
        next?.focus();
        return;
      }
      // (a field that handles Escape itself, such as the search, prevents the default)
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      dispatch(closeSidebar());
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, dispatch]);

  useEffect(() => {
    const element = panel.current;
    if (!closing || !element) return;
    const onEnd = (event: AnimationEvent) => {
      if (event.target === element) setShown(false);
    };
    element.addEventListener('animationend', onEnd);
    // In case the slide-out never reports its end (a hidden tab, no animation support).
    const timer = setTimeout(() => setShown(false), SIDENAV_CLOSE_MAX_MS);
    return () => {
      element.removeEventListener('animationend', onEnd);
      clearTimeout(timer);
    };
  }, [closing]);

  if (!shown) return null;
  const close = () => dispatch(closeSidebar());
  const onNavigate = () => {
    navigated.current = true;
    close();
  };
  const state = open ? 'open' : 'closed';
  return (
    <>
      <div
        aria-hidden="true"
        data-state={state}
        onClick={close}
        className="fixed inset-x-0 top-16 bottom-0 z-[35] bg-night-950/70 backdrop-blur-[2px] data-[state=closed]:pointer-events-none data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
      />
      <div
        ref={panel}
        id={SIDENAV_ID}
        role="dialog"
        aria-labelledby={titleId}
        data-state={state}
        inert={!open}
        className="fixed top-16 bottom-0 left-0 z-[35] flex w-72 max-w-[85vw] flex-col overflow-y-auto border-r border-neon-cyan/30 bg-night-900 p-4 shadow-neon-cyan data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left"
      >
        <div className="mb-4 flex items-center justify-between pl-4">
          <h2
            id={titleId}
            className="text-xs font-semibold tracking-[0.2em] text-ink-muted uppercase"
          >
            {t('app.navigation')}
          </h2>
          <button
            type="button"
            aria-label={t('app.closeMenu')}
            onClick={close}
            className={cn(
              'inline-flex h-10 w-10 items-center justify-center rounded-lg text-ink-muted hover:text-ink',
              focusRing,
            )}
          >
            <X aria-hidden="true" size={22} />
          </button>
        </div>
        <nav aria-labelledby={titleId}>
          <ul className="flex flex-col gap-1">
            {profile && (
              <Item
                to={`/profile/${encodeURIComponent(profile.id)}`}
                icon={<UserRound aria-hidden="true" size={22} />}
                onNavigate={onNavigate}
              >
                <span className="flex flex-col leading-tight">
                  {profile.userName}
                  <span className="text-xs font-medium text-ink-muted">{t('app.nav.profile')}</span>
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
                    close();
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
                    close();
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
      </div>
    </>
  );
}
