import type { AppDispatch } from './store';

let appDispatch: AppDispatch | null = null;

/** The app's one store's dispatch (set once by app/bootstrap.tsx), for route loaders. */
export function setAppDispatch(dispatch: AppDispatch | null): void {
  appDispatch = dispatch;
}

/**
 * The app store's dispatch for a route `loader` (which runs outside React, as soon as a navigation
 * starts), or null in tests and before the app started: a loader then does nothing and the page
 * loads its data itself.
 */
export function routeDispatch(): AppDispatch | null {
  return appDispatch;
}
