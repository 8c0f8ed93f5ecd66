import type { UnknownAction } from '@reduxjs/toolkit';

/**
 * True for the success of the own-profile query (the auth feature's RTK Query endpoint `getMe`),
 * read from RTK Query's action shape (`api/executeQuery/fulfilled`, meta.arg.endpointName): the
 * listener using it is registered at start-up, before RTK Query is loaded at all.
 * own-profile-loaded.test.ts checks it against the endpoint's own `matchFulfilled`.
 */
export function isOwnProfileLoaded(action: UnknownAction): boolean {
  if (action.type !== 'api/executeQuery/fulfilled') return false;
  const meta = action.meta as { arg?: { endpointName?: unknown } } | undefined;
  return meta?.arg?.endpointName === 'getMe';
}
