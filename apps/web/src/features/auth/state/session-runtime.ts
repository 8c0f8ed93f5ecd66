/** Loads the OIDC part of the auth module on first need (see lib/auth/runtime.ts). */
export const loadAuthRuntime = () => import('../../../lib/auth/runtime');
