/**
 * The part of the auth feature the app shell loads at start: everything but the own-profile
 * query (RTK Query loads only when something calls the API). Other features use `index.ts`.
 */
export { useAuth, useCurrentUser, type UseAuth, type UseCurrentUser } from './hooks';
export { startSession, finishLogin, retrySession } from './state/auth-thunks';
export { registerAuthListeners } from './state/auth-listeners';
export type { LoginLocationState } from './components/LoginPage';
