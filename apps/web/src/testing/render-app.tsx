/**
 * Test support: renders routes (or one element) the way the app does: the real store, the app's
 * merged strings, a memory router that listeners can navigate (lib/navigation), and the toasts.
 */
import { isValidElement, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, parsePath, RouterProvider, type RouteObject } from 'react-router';
import { makeStore, type AppStore } from '../lib/store/store';
import { Toaster } from '../components/ui';
import { setNavigator } from '../lib/navigation';
import { createTestI18n } from './i18n';

export interface RenderAppOptions {
  /** Where the router starts (default '/'). */
  path?: string;
  /** The navigation state there (what a guard remembered, e.g. `{ from }`). */
  state?: unknown;
  /** The interface language of the app's strings (default German). */
  lang?: 'de' | 'en';
  /** The store (see ./store.ts for signed-in ones); a fresh one by default. */
  store?: AppStore;
  /** Another i18next instance (the app's real one, for language switching). */
  i18n?: i18n;
  /** Mount the toasts (default); a test that reads the toast store may leave them out of the page. */
  toaster?: boolean;
}

/** Routes, or one element shown at every path. */
export async function renderApp(
  routes: RouteObject[] | ReactElement,
  options: RenderAppOptions = {},
) {
  const store = options.store ?? makeStore();
  const i18n = options.i18n ?? (await createTestI18n(options.lang ?? 'de'));
  const router = createMemoryRouter(
    isValidElement(routes) ? [{ path: '*', element: routes }] : routes,
    { initialEntries: [{ ...parsePath(options.path ?? '/'), state: options.state }] },
  );
  setNavigator((to, o) => void router.navigate(to, o));
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
        {options.toaster !== false && <Toaster />}
      </I18nextProvider>
    </Provider>,
  );
  return { ...view, store, router, i18n, user: userEvent.setup() };
}
