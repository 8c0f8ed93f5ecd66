/** Loads the OIDC part of the auth module on first need (see lib/auth/runtime.ts). */
export const loadAuthRuntime = () => import('../../../lib/auth/runtime');

/**
 * The sign-in page readies its one action while the visitor reads it: the OIDC client and the
 * sign-in configuration (GET /api/config, which a signed-in page's HTML preloads) are loaded, so
 * the button leaves for the provider at once. Failing here costs nothing: the button tries again.
 */
export function prepareSignIn(): void {
  loadAuthRuntime()
    .then((runtime) => runtime.getUserManager())
    .catch(() => undefined);
}
