/** The users feature as other features see it: the caller's profile and the profile shapes. */
export { currentUser, userById } from './service';
export { toOwnProfile } from './presenter';
export { countAdmins, registeredUserByMail, setUserRole } from './roles';
