import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { notFound } from '../../plugins/errors';

/** Paths the apps never open: the identity provider's pages and the API stay in the browser. */
const NOT_IN_APP = ['/oidc/*', '/api/*', '/graphql'];

/** Digital Asset Links: the Android app (package, signing certificates) may open our https links. */
function assetLinks(android: NonNullable<Config['appLinks']['android']>) {
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: android.packageName,
        sha256_cert_fingerprints: android.sha256,
      },
    },
  ];
}

/** Universal links for the iOS app, in the current (components) and the older (paths) form. */
function appleAppSiteAssociation(appId: string) {
  return {
    applinks: {
      apps: [],
      details: [
        {
          appID: appId,
          appIDs: [appId],
          paths: [...NOT_IN_APP.map((p) => `NOT ${p}`), '*'],
          components: [...NOT_IN_APP.map((p) => ({ '/': p, exclude: true })), { '/': '/*' }],
        },
      ],
    },
    webcredentials: { apps: [appId] },
  };
}

/**
 * /.well-known/assetlinks.json and /.well-known/apple-app-site-association, from
 * ANDROID_APP_PACKAGE + ANDROID_APP_SHA256 and IOS_APP_ID: they prove the app belongs to this
 * host, so the systems hand its https links to that app and no other. 404 when not configured
 * (not the web app's index.html).
 */
export async function appLinkRoutes(app: FastifyInstance): Promise<void> {
  const { android, iosAppId } = app.config.appLinks;
  const json = { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' };
  app.get('/.well-known/assetlinks.json', { schema: { hide: true } }, async (_request, reply) => {
    if (!android) throw notFound('No Android app is configured (ANDROID_APP_PACKAGE)');
    return reply.headers(json).send(JSON.stringify(assetLinks(android)));
  });
  app.get(
    '/.well-known/apple-app-site-association',
    { schema: { hide: true } },
    async (_request, reply) => {
      if (!iosAppId) throw notFound('No iOS app is configured (IOS_APP_ID)');
      return reply.headers(json).send(JSON.stringify(appleAppSiteAssociation(iosAppId)));
    },
  );
}
