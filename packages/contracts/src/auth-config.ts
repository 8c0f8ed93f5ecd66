import { z } from 'zod';
import { API_SCOPES } from './limits';

/** The scopes the web and native app request at any identity provider (spec §6). */
export const AUTH_SCOPES = ['openid', 'profile', 'email', 'offline_access', ...API_SCOPES].join(
  ' ',
);

/**
 * GET /api/config: everything the client needs to sign in, so one build works against the
 * embedded provider or an external issuer (Auth0, Keycloak) by server configuration alone.
 */
export const authConfigSchema = z.object({
  /** The OpenID issuer (discovery lives at `${authority}/.well-known/openid-configuration`). */
  authority: z.url(),
  clientId: z.string().min(1),
  /** The API audience (resource) access tokens must be issued for. */
  audience: z.string().min(1),
  /** Space-separated scopes to request. */
  scopes: z.string().min(1),
  mode: z.enum(['embedded', 'external']),
  /** The native app's URL scheme; its login callback is `${nativeScheme}://callback`. */
  nativeScheme: z.string().min(1),
  /** The public origin of this server (the web app's origin in production). */
  publicUrl: z.url(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
