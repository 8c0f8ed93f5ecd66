import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
} from '@reduxjs/toolkit/query/react';
// The limits entry alone: the contracts index would bring every schema (and zod) into the
// first bundle, which the bundler cannot split off a barrel.
import { HTTP_TIMEOUT_MS } from '@arcadia/contracts/limits';
import { getAccessToken, renewRefusedToken } from '../auth/token';
import { fetchWithEarlyCalls } from './early-calls';
import { toApiFailure, type ApiFailure } from './failure';
import { apiUrl } from './origin';
import { injectLateSlice } from '../store/store';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/',
  timeout: HTTP_TIMEOUT_MS,
  // The page's early calls (first-paint.ts) answer the same requests once, if made in time.
  fetchFn: fetchWithEarlyCalls,
  // Every call carries the bearer token when one can be had; without one it still goes out and
  // public routes (news, leaderboards, /graphql) answer, protected ones answer 401.
  prepareHeaders: async (headers) => {
    const token = await getAccessToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiFailure> = async (
  args,
  apiCtx,
  extra,
) => {
  const target =
    typeof args === 'string' ? { url: apiUrl(args) } : { ...args, url: apiUrl(args.url) };
  let result = await rawBaseQuery(target, apiCtx, extra);
  const refused = refusedToken(result);
  if (refused) {
    // Once: with the renewed token, or without one when the session has ended (public routes
    // answer; the signed-out app stops asking for the others).
    await renewRefusedToken(refused);
    result = await rawBaseQuery(target, apiCtx, extra);
  }
  if (result.error) return { error: toApiFailure(result.error), meta: result.meta };
  return { data: result.data, meta: result.meta };
};

/**
 * The bearer token the API refused before its expiry: 401, or 403 `account_suspended` (a token
 * of an external issuer, which the embedded provider cannot end).
 */
function refusedToken(result: Awaited<ReturnType<typeof rawBaseQuery>>): string | undefined {
  const status = result.error?.status;
  const suspended =
    status === 403 &&
    (result.error?.data as { error?: { code?: unknown } } | undefined)?.error?.code ===
      'account_suspended';
  if (status !== 401 && !suspended) return undefined;
  const header = result.meta?.request.headers.get('authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

/**
 * One API for the whole app; each feature adds its endpoints with `api.injectEndpoints` in
 * `features/<name>/api/*.ts` (one module per endpoint) and parses answers with the contracts.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Me',
    'Profile',
    'Friends',
    'Device',
    'News',
    'Leaderboard',
    'Games',
    'Visits',
    'Push',
    'Notifications',
  ],
  endpoints: () => ({}),
  // The production build trusts our server's answers: the server checks every answer against the
  // same contract before sending it (fastify-type-provider-zod's serializer), and no answer
  // schema transforms, so parsing again only cost the phone's main thread (the news list's
  // rich text alone about 470 ms on a throttled phone) and loaded zod on pages that need none.
  // Development and tests still check every answer.
  skipSchemaValidation: import.meta.env.PROD
    ? ['rawResponse', 'response', 'rawErrorResponse', 'errorResponse']
    : false,
  // An answer that breaks its contract is a failed call like any other (tags, error state).
  catchSchemaFailure: (error): ApiFailure => ({
    status: 'PARSING_ERROR',
    code: 'contract_violation',
    message: `${error.schemaName}: ${error.issues.map((issue) => issue.message).join('; ')}`,
  }),
});

// The API joins the store when this module is first imported (see lib/store/store.ts).
injectLateSlice(api, api.middleware);
