/**
 * Test support: renders routes inside the real store, the app's merged strings and a memory
 * router, as the app does; answers the store and router so tests can look inside.
 */
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { makeStore, type AppStore, type RootState } from '../src/app/store';
import { createTestI18n } from '../src/lib/testing/i18n';
import { Toaster } from '../src/components/ui';

export async function renderApp(
  routes: RouteObject[],
  options: { path: string; lang?: 'de' | 'en'; state?: Partial<RootState>; store?: AppStore },
) {
  const store = options.store ?? makeStore(options.state);
  const i18n = await createTestI18n(options.lang ?? 'de');
  const router = createMemoryRouter(routes, { initialEntries: [options.path] });
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
        <Toaster />
      </I18nextProvider>
    </Provider>,
  );
  return { ...view, store, router, i18n };
}
