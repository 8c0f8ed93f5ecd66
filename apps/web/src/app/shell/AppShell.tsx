import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRouteTitle } from '../route-handle';
import { useStore } from 'react-redux';
import type { RootState } from '../../lib/store/store';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { ToastHost } from '../../components/ui/ToastHost';
import { AGB_VERSION } from '@arcadia/contracts/limits';
import { closeSearchBar, closeSidebar, selectSidebarExpanded } from '../../features/layout';
// The shell's entry of auth (not its index): keeps RTK Query out of the first bundle
import { useCurrentUser } from '../../features/auth/shell';
import { Footer } from './Footer';
import { Header } from './Header';
import { focusMain } from './focus-main';

/** The side navigation (a Radix dialog) loads when it first opens. */
const Sidenav = lazy(() => import('./Sidenav').then((m) => ({ default: m.Sidenav })));

function LazySidenav() {
  const open = useAppSelector(selectSidebarExpanded);
  const [needed, setNeeded] = useState(false);
  if (open && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Sidenav />
    </Suspense>
  );
}

/** The question to accept new terms loads only for a player who accepted older ones. */
const TermsUpdate = lazy(() =>
  import('../../features/registration/TermsUpdate').then((m) => ({ default: m.TermsUpdate })),
);

function LazyTermsUpdate() {
  const { profile, isRegistered } = useCurrentUser();
  if (!isRegistered || !profile || (profile.agbVersion ?? 0) >= AGB_VERSION) return null;
  return (
    <Suspense fallback={null}>
      <TermsUpdate first={profile.agbVersion === null} />
    </Suspense>
  );
}

/** Shows a thin neon bar while a lazy page is being loaded. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      aria-hidden="true"
      className="fixed inset-x-0 top-0 z-[70] h-0.5 animate-pulse bg-gradient-to-r from-neon-pink via-neon-cyan to-neon-pink"
    />
  );
}

/** Header, sidenav, main area and footer around every page (spec §2). */
export function AppShell() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const sidebarOpen = useAppSelector(selectSidebarExpanded);

  const store = useStore<RootState>();
  const firstPage = useRef(true);
  const titleKey = useRouteTitle();
  const pageTitle = titleKey ? t(titleKey) : undefined;

  // Each page names itself in the tab and to screen readers (WCAG 2.4.2); the match page sets
  // its own (the result), so a route without a title leaves it alone.
  useEffect(() => {
    if (pageTitle) document.title = `${pageTitle} · Arcadia`;
  }, [pageTitle]);

  // Opening a page closes the sidebar and the search bar, and (after the first page) moves the
  // focus to the new content, so keyboard and screen-reader users start there. When the
  // sidenav was open, it hands the focus over itself once it has closed.
  useEffect(() => {
    const sidebarWasOpen = selectSidebarExpanded(store.getState());
    dispatch(closeSidebar());
    dispatch(closeSearchBar());
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    if (!sidebarWasOpen) focusMain();
  }, [pathname, dispatch, store]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[80] rounded-lg bg-neon-cyan px-4 py-2 font-semibold text-night-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('app.skipToContent')}
      </a>
      <NavigationProgress />
      <Header />
      <LazySidenav />
      {/* Behind the open sidenav the page is inert; from 1024 px it leaves room for the rail. */}
      <div inert={sidebarOpen} className="flex flex-1 flex-col lg:pl-28">
        {/* Fixed (bottom bar, desktop rail), so its place here is only the Tab order: after the
            header, before the content, as the rail is seen on a desktop. */}
        <Footer />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-4 pt-6 pb-28 outline-none sm:px-6 lg:pt-8 lg:pb-12"
        >
          <Outlet />
        </main>
      </div>
      <ToastHost />
      <LazyTermsUpdate />
      <ScrollRestoration />
    </div>
  );
}
