import type { ClientMetadata } from 'oidc-provider';
import type { Config } from '../../config';

/** The Vite dev server's origin, allowed to sign in in development only. */
const DEV_WEB_ORIGIN = 'http://localhost:5173';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Origins (besides our own) the browser may be sent to after a form on the identity pages. */
export function extraWebOrigins(config: Config): string[] {
  return config.env === 'development' ? [DEV_WEB_ORIGIN] : [];
}

/**
 * The first-party public client: the web app (its callback, which silent renewal uses too; its
 * root after signing out) and the native shell (its URL scheme). oidc-provider accepts a custom
 * scheme only for application_type 'native', which in turn allows http only on loopback hosts;
 * a public URL that is plain http on another host (a LAN demo) therefore registers the web URIs
 * only. Whatever the type, redirect URIs match exactly (see `exactRedirects` in provider.ts):
 * no other loopback port, in production or anywhere.
 */
export function webClient(config: Config): { metadata: ClientMetadata; native: boolean } {
  const web = [config.publicUrl, ...extraWebOrigins(config)];
  const nativeCallback = `${config.nativeAppScheme}://callback`;
  const { protocol, hostname } = new URL(config.publicUrl);
  const native = protocol === 'https:' ? !LOOPBACK.has(hostname) : LOOPBACK.has(hostname);
  const metadata: ClientMetadata = {
    client_id: config.auth.clientId,
    client_name: 'Arcadia',
    application_type: native ? 'native' : 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    id_token_signed_response_alg: 'RS256',
    redirect_uris: [
      ...web.map((origin) => `${origin}/login/callback`),
      ...(native ? [nativeCallback] : []),
    ],
    post_logout_redirect_uris: [
      ...web.map((origin) => `${origin}/`),
      ...(native ? [nativeCallback, `${config.nativeAppScheme}://logout`] : []),
    ],
  };
  return { metadata, native };
}
