/** The users feature as other features see it: the caller's profile and the profile shapes. */
export { currentUser, userById } from './service';
export { profilePageHints } from './page-hints';
export { toOwnProfile } from './presenter';
export { countAdmins, lockRoleChanges, registeredUserByMail, setUserRole } from './roles';
export { eraseProfile, uniqueViolation, type ProfileDeletion } from './service';
export { renameUser, setSuspension, suspendedSignIn } from './moderation';
export { queueForPlayer, userNameTaken, type UserRow } from './repository';
export {
  playersForViewerSql,
  profileHidden,
  profileShownTo,
  shownToSql,
  viewerOf,
  visibleProfile,
  visibleProfileFor,
} from './visibility';
