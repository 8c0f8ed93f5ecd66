/**
 * Test support: the one fake API of the web tests. MSW (`msw/node`) answers the app's requests in
 * jsdom; every route is typed with the contracts (the request body it takes, the answer it gives),
 * and every call the app makes is recorded for the tests to check. Unknown requests to the app's
 * origin answer 404 `not_found` (recorded too). The real server is exercised by the browser
 * journeys in e2e/.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import type {
  Achievements,
  AgbAccept,
  ApiError,
  ArcadesResponse,
  CurrentDevice,
  Friend,
  FriendComparison,
  FriendsResponse,
  GamesOverview,
  Leaderboard,
  LinkCardInput,
  Match,
  ClaimPreview,
  Claimed,
  MatchHistoryPage,
  NewsList,
  OwnProfile,
  Profile,
  ProfileUpdate,
  PlayingDevice,
  PushSubscriptionInput,
  RecordVisitInput,
  Registration,
  SearchResult,
  StatisticEntry,
  Trends,
  UserSummary,
  Visit,
  VisitsResponse,
} from '@arcadia/contracts';

export interface ApiCall {
  method: string;
  /** Path and query, as sent. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

/** Every request the app made in the running test, in order. */
export const apiCalls: ApiCall[] = [];

/** The calls to `METHOD /path` (the path without its query). */
export function callsTo(method: string, path: string): ApiCall[] {
  return apiCalls.filter(
    (call) => call.method === method.toUpperCase() && call.path.split('?')[0] === path,
  );
}

interface ReplyOptions {
  /** Hold the answer until this promise settles (to see in-progress states). */
  wait?: Promise<unknown>;
}
/** A successful answer in the route's contract shape (status 200 unless told). */
export interface OkReply<T> extends ReplyOptions {
  status?: number;
  body: T;
}
/** A failure in the contract's error shape. */
export interface ErrorReply extends ReplyOptions {
  status: number;
  body: ApiError;
}
/** An answer that deliberately breaks the contract (see `brokenContract`). */
export interface BrokenReply extends ReplyOptions {
  status: number;
  body: unknown;
  broken: true;
}
/** No answer at all: the request fails as when the server cannot be reached. */
export interface NetworkFailure extends ReplyOptions {
  networkError: true;
}
export type Reply<T> = OkReply<T> | ErrorReply | BrokenReply | NetworkFailure;

/** What a route's function answer is told about the request. */
export interface RouteCall<Req> {
  body: Req;
  params: Record<string, string>;
  query: URLSearchParams;
}
export type Answer<Res, Req = undefined> =
  Reply<Res> | ((call: RouteCall<Req>) => Reply<Res> | Promise<Reply<Res>>);

/** The server's error answer. */
export function apiError(
  status: number,
  code: string,
  message: string,
  details?: Array<{ path: string; message: string }>,
): ErrorReply {
  return { status, body: { error: details ? { code, message, details } : { code, message } } };
}

/** An answer outside the contract, to see the app refuse it. */
export function brokenContract(body: unknown, status = 200): BrokenReply {
  return { status, body, broken: true };
}

/** The server cannot be reached (RTK Query's FETCH_ERROR). */
export function networkError(): NetworkFailure {
  return { networkError: true };
}

/** A promise with its resolve function, to hold an answer back until the test says so. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function record(request: Request): Promise<ApiCall> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  const call: ApiCall = {
    method: request.method,
    path: url.pathname + url.search,
    query: url.searchParams,
    // An uploaded image (POST /api/admin/assets) is recorded as its text, anything else as JSON.
    body: text
      ? request.headers.get('content-type')?.startsWith('image/')
        ? text
        : (JSON.parse(text) as unknown)
      : undefined,
    authorization: request.headers.get('authorization'),
  };
  apiCalls.push(call);
  return call;
}

async function respond(reply: Reply<unknown>) {
  if (reply.wait) await reply.wait.catch(() => undefined);
  if ('networkError' in reply) return HttpResponse.error();
  const status = reply.status ?? 200;
  if (reply.body === undefined || reply.body === null) return new HttpResponse(null, { status });
  // A file (a printed sign): answered as it is, with its type.
  if (reply.body instanceof Blob)
    return new HttpResponse(reply.body, { status, headers: { 'content-type': reply.body.type } });
  return HttpResponse.json(reply.body as Record<string, unknown>, { status });
}

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/**
 * A route of the API: `route(answer)` is its handler; `route(answer, { id })` answers only for
 * those path parameters (a later handler for the same request wins, as `server.use` prepends).
 */
export function route<Res, Req = undefined>(method: Method, path: string) {
  return (answer: Answer<Res, Req>, only: Record<string, string> = {}): HttpHandler => {
    const concrete = path.replace(/:(\w+)/g, (whole, name: string) =>
      name in only ? encodeURIComponent(only[name]!) : whole,
    );
    return http[method](concrete, async ({ request, params }) => {
      const call = await record(request);
      const reply =
        typeof answer === 'function'
          ? await answer({
              body: call.body as Req,
              params: params as Record<string, string>,
              query: call.query,
            })
          : answer;
      return respond(reply);
    });
  };
}

/** GraphQL request of the statistics query (features/profile/api/get-statistics.ts). */
export interface GraphqlRequest {
  operationName: string;
  variables: Record<string, unknown>;
  query: string;
}
export type GraphqlAnswer<T> = { data: T } | { data: null; errors: Array<{ message: string }> };

/** The API's routes as the web app calls them, typed with the contracts. */
export const handlers = {
  getMe: route<OwnProfile>('get', '/api/v2/user/me'),
  updateOwnProfile: route<OwnProfile, ProfileUpdate>('patch', '/api/v2/user/me'),
  register: route<OwnProfile, Registration>('post', '/api/v2/user/registration'),
  acceptAgb: route<OwnProfile, AgbAccept>('put', '/api/v2/user/me/agb'),
  deleteProfile: route<null>('delete', '/api/v2/user/:id'),
  linkCard: route<OwnProfile, LinkCardInput>('post', '/api/v2/user/me/link'),
  getProfile: route<Profile>('get', '/api/user/:id/details'),
  getMatchHistoryPage: route<MatchHistoryPage>('get', '/api/user/:id/games'),
  getUserSummary: route<UserSummary>('get', '/api/user/:id'),
  getTrends: route<Trends>('get', '/api/user/:id/trends'),
  getAchievements: route<Achievements>('get', '/api/user/:id/achievements'),
  searchUsers: route<SearchResult>('get', '/api/user'),
  getOwnFriends: route<FriendsResponse>('get', '/api/user/me/friends'),
  addFriend: route<{ success: true; friend: Friend }, { friendId: string }>(
    'post',
    '/api/user/me/friends',
  ),
  removeFriend: route<{ success: true }>('delete', '/api/user/me/friends/:friendId'),
  compareFriend: route<FriendComparison>('get', '/api/user/me/friends/:friendId/compare'),
  getMatch: route<Match>('get', '/api/matches/:id'),
  getClaim: route<ClaimPreview>('get', '/api/claims/:token'),
  claimResult: route<Claimed>('post', '/api/claims/:token'),
  getStatistics: route<GraphqlAnswer<{ statistics: StatisticEntry[] }>, GraphqlRequest>(
    'post',
    '/graphql',
  ),
  getCurrentDevice: route<CurrentDevice>('get', '/api/v2/user/me/device'),
  startPlaying: route<PlayingDevice, { mail: string }>(
    'post',
    '/api/v2/arcadecenter/:arcade/device/:id/player',
  ),
  stopPlaying: route<{ success: true }>(
    'delete',
    '/api/arcadecenter/:arcade/device/:id/player/:userId',
  ),
  getVisits: route<VisitsResponse>('get', '/api/visits'),
  recordVisit: route<Visit, RecordVisitInput>('post', '/api/visits'),
  getNews: route<NewsList>('get', '/api/news'),
  getArcades: route<ArcadesResponse>('get', '/api/arcades'),
  getLeaderboard: route<Leaderboard>('get', '/api/leaderboards/:applicationId'),
  getGamesOverview: route<GamesOverview>('get', '/api/games/:applicationId'),
  getPushPublicKey: route<{ publicKey: string }>('get', '/api/push/public-key'),
  savePushSubscription: route<{ success: true }, PushSubscriptionInput>(
    'post',
    '/api/push/subscriptions',
  ),
  deletePushSubscription: route<{ success: true }, { endpoint: string }>(
    'delete',
    '/api/push/subscriptions',
  ),
  /** Not the API: the merged language file the app's i18n loads (`/assets/i18n/{lang}.json`). */
  getLanguageFile: route<Record<string, unknown>>('get', '/assets/i18n/:file'),
};

/** Anything else on the app's origin: 404, as the server answers an unknown route. */
const unknownRoute = http.all('*', async ({ request }) => {
  if (new URL(request.url).origin !== window.location.origin) return undefined;
  await record(request);
  return respond(apiError(404, 'not_found', 'Not found'));
});

/** The fake server; tests add their answers with `server.use(handlers.x(...))`. */
export const server = setupServer(unknownRoute);
