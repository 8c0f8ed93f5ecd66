/** Test support: render routes with a fresh store, a memory router and the app's real strings. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { makeStore, type AppStore } from '../../app/store';
import { setNavigator } from '../navigation';
import { createTestI18n } from './i18n';

export interface RenderOptions {
  /** Where the router starts. */
  path?: string;
  store?: AppStore;
  language?: 'de' | 'en';
}

export async function renderRoutes(routes: RouteObject[], options: RenderOptions = {}) {
  const store = options.store ?? makeStore();
  const i18n = await createTestI18n(options.language ?? 'de');
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  setNavigator((to, o) => void router.navigate(to, o));
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return { ...view, store, router, i18n };
}

/** One element at `path` (default '/'), with the providers around it. */
export function renderElement(element: ReactElement, options: RenderOptions = {}) {
  return renderRoutes([{ path: '*', element }], options);
}
