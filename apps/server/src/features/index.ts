import type { FastifyPluginAsync } from 'fastify';
import { achievementRoutes } from './achievements/routes';
import { adminRoutes } from './admin/routes';
import { appLinkRoutes } from './app-links/routes';
import { arcadeRoutes } from './arcades/routes';
import { claimRoutes } from './claims/routes';
import { brandRoutes } from './brand';
import { friendRoutes } from './friends/routes';
import { deviceApiRoutes } from './device-api/routes';
import { gameRoutes } from './games/routes';
import { graphqlRoutes } from './statistics/graphql';
import { healthRoutes } from './health/routes';
import { pushRoutes } from './push/routes';
import { authConfigRoutes } from './identity/config-route';
import { identityRoutes } from './identity/routes';
import { signOutRoutes } from './identity/sign-out';
import { verificationApiRoutes } from './identity/verification-routes';
import { leaderboardRoutes } from './leaderboards/routes';
import { marketingRoutes } from './marketing/routes';
import { liveRoutes } from './live/routes';
import { newsRoutes } from './news/routes';
import { playRoutes } from './play/routes';
import { privacyRoutes } from './privacy/routes';
import { trendRoutes } from './trends/routes';
import { userRoutes } from './users/routes';
import { userCardRoutes } from './user-cards/routes';
import { visitRoutes } from './visits/routes';

/**
 * Feature route plugins mounted under /api, where the auth hook covers every route unless it
 * says `config: { scope: 'public' }`. Add one line per feature.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- plugins differ in their option types
type Feature = FastifyPluginAsync<any>;

export const apiFeatures: Feature[] = [
  healthRoutes,
  authConfigRoutes,
  signOutRoutes,
  userRoutes,
  friendRoutes,
  userCardRoutes,
  visitRoutes,
  pushRoutes,
  newsRoutes,
  playRoutes,
  gameRoutes,
  claimRoutes,
  leaderboardRoutes,
  arcadeRoutes,
  adminRoutes,
  liveRoutes,
  privacyRoutes,
  trendRoutes,
  achievementRoutes,
  verificationApiRoutes,
  marketingRoutes,
];

/** Features mounted at the root: /oidc, /graphql and the like. */
export const rootFeatures: Feature[] = [
  identityRoutes,
  deviceApiRoutes,
  graphqlRoutes,
  appLinkRoutes,
  brandRoutes,
];
