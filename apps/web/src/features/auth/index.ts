/** The auth feature's public surface: other features and the app use only this. */
export * from './shell';
export {
  authSlice,
  loginBegin,
  loginSuccess,
  loginFailure,
  logout,
  sessionEnded,
  noSession,
  selectAuth,
  selectAuthStatus,
  selectAccount,
  selectOwnProfile,
  selectProfileStatus,
  selectAuthError,
  type AuthState,
  type AuthStatus,
  type AuthError,
  type ProfileStatus,
} from './state/auth-slice';
export { meApi } from './api/get-me';
export type { Account } from '../../lib/auth/callback';
