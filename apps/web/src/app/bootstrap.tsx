import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { initI18n } from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { restorePersistedToasts } from '../components/ui/toast-store';
// The shell's entry of auth (not its index): keeps RTK Query out of the first bundle
import { registerAuthListeners, startSession } from '../features/auth/shell';
import { registerPlayListeners } from '../features/play';
import { setAppDispatch } from '../lib/store/app-store';
import { makeStore } from '../lib/store/store';
import { routes } from './routes';
import { stepOverClosedOverlayEntries } from '../lib/back-closes';

/** The app's one store (the native shell dispatches `finishLogin(url)` on it from a deep link). */
export const store = makeStore();

/** Starts the app: strings, sign-in listeners, router, then the session start-up (spec §4). */
export async function startApp(container: HTMLElement): Promise<void> {
  // Signing out ends the push subscription first (push loads only then).
  registerAuthListeners({
    beforeSignOut: async (dispatch) => {
      const { forgetPushSubscription } = await import('../features/push');
      return dispatch(forgetPushSubscription());
    },
  });
  registerPlayListeners(); // spec §4: after the own profile loads, the current device loads
  // Route loaders start a page's data calls with the navigation (features/profile).
  setAppDispatch(store.dispatch);
  // A reload with an overlay open leaves its history entry behind: Back steps over it.
  stepOverClosedOverlayEntries();
  const router = createBrowserRouter(routes);
  setNavigator((to, options) => void router.navigate(to, options));
  const session = store.dispatch(startSession());
  await initI18n().catch(() => undefined); // a language load error leaves the keys visible
  restorePersistedToasts();
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
  await session;
}
