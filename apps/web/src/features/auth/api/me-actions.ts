import type { OwnProfile } from '@arcadia/contracts';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { ApiFailure } from '../../../lib/api/failure';

/**
 * Matchers for the own-profile query's actions (`getMe` in ./get-me.ts) that do not import RTK
 * Query: the auth slice is in the first bundle, the API is not. They read the documented action
 * shape of RTK Query (`api/executeQuery/{pending,fulfilled,rejected}` with meta.arg.endpointName);
 * me-actions.test.ts checks them, and the cache key, against the real endpoint.
 */
interface QueryMeta {
  arg?: { endpointName?: string };
  condition?: boolean;
}

const matcher =
  <A>(phase: 'pending' | 'fulfilled' | 'rejected') =>
  (action: UnknownAction): action is UnknownAction & A =>
    action.type === `api/executeQuery/${phase}` &&
    (action.meta as QueryMeta | undefined)?.arg?.endpointName === 'getMe';

/**
 * The own-profile query's cache key (RTK Query's default for an endpoint called without an
 * argument), so the auth slice's selectors read its answer without importing RTK Query.
 */
export const ME_CACHE_KEY = 'getMe(undefined)';

export const isMePending = matcher<{ meta: QueryMeta }>('pending');
export const isMeFulfilled = matcher<{ payload: OwnProfile; meta: QueryMeta }>('fulfilled');
export const isMeRejected = matcher<{ payload?: ApiFailure; meta: QueryMeta }>('rejected');
