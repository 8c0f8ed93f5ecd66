import { useMatches } from 'react-router';

/** What a route tells the shell about its page (routes.tsx `handle`). */
export interface RouteHandle {
  /** The i18n key of the page's title. */
  title?: string;
}

/** The title key of the deepest route that has one, or undefined (the page sets its own). */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]!.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}
