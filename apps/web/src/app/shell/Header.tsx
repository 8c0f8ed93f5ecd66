import { Link } from 'react-router';
import { Menu, Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { Button } from '../../components/ui/Button';
import { focusRing } from '../../components/ui/focus';
import { cn } from '../../lib/class-names';
import {
  closeSearchBar,
  selectSearchBarExpanded,
  selectSidebarExpanded,
  toggleSearchBar,
  toggleSidebar,
} from '../../features/layout';
// The shell's entry of auth (not its index): keeps RTK Query out of the first bundle
import { useCurrentUser } from '../../features/auth/shell';
import { LiveHeaderItem } from '../../features/live';
// The search field is in the first bundle (its request loads on opening): a lazy field lost the
// keys typed before its chunk arrived.
import { SearchPanel } from '../../features/search/shell';
import { BURGER_ID, SEARCH_ID, SEARCH_TOGGLE_ID, SIDENAV_ID } from './ids';
import { Logo } from './Logo';
import { useBackCloses } from '../../lib/back-closes';

/** Burger (toggles the sidenav), logo (to `/`), search icon (toggles the search field). */
export function Header() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const sidebarOpen = useAppSelector(selectSidebarExpanded);
  const searchOpen = useAppSelector(selectSearchBarExpanded);
  const { profile } = useCurrentUser();
  // Escape in the search closes it and hands the focus back to its toggle.
  const closeSearch = () => {
    dispatch(closeSearchBar());
    document.getElementById(SEARCH_TOGGLE_ID)?.focus();
  };
  // Back closes the open search bar and the page stays, as Back closes the sidenav (a result's
  // link replaces the bar's entry: one Back from the profile returns to this page).
  useBackCloses(searchOpen, () => dispatch(closeSearchBar()));
  return (
    <header className="sticky top-0 z-40 border-b border-line/80 bg-night-900/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-5 lg:max-w-none lg:pl-[26px]">
        <Button
          id={BURGER_ID}
          variant="ghost"
          size="icon"
          aria-label={t('app.menu')}
          aria-expanded={sidebarOpen}
          aria-controls={SIDENAV_ID}
          onClick={() => dispatch(toggleSidebar())}
        >
          <Menu aria-hidden="true" size={24} />
        </Button>
        <Link
          to="/"
          aria-label={t('app.home')}
          className={cn('mr-auto rounded-lg px-1 py-1 no-underline', focusRing)}
        >
          <Logo />
        </Link>
        <LiveHeaderItem userId={profile?.id} />
        <Button
          id={SEARCH_TOGGLE_ID}
          variant="ghost"
          size="icon"
          aria-label={searchOpen ? t('app.closeSearch') : t('app.openSearch')}
          aria-expanded={searchOpen}
          aria-controls={SEARCH_ID}
          onClick={() => dispatch(toggleSearchBar())}
        >
          {searchOpen ? (
            <X aria-hidden="true" size={22} />
          ) : (
            <Search aria-hidden="true" size={22} />
          )}
        </Button>
      </div>
      <div id={SEARCH_ID} hidden={!searchOpen} className="border-t border-line/60 bg-night-800/95">
        {searchOpen && (
          <div className="mx-auto max-w-7xl px-3 py-4 sm:px-5">
            <SearchPanel onNavigate={() => dispatch(closeSearchBar())} onClose={closeSearch} />
          </div>
        )}
      </div>
    </header>
  );
}
