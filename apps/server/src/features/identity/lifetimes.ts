import { TOKEN_LEEWAY_SECONDS } from '@arcadia/contracts';

/** Lifetimes of the embedded provider's artifacts, in seconds. */
export const ACCESS_TOKEN_TTL = 60 * 60;
export const ID_TOKEN_TTL = 60 * 60;
export const AUTHORIZATION_CODE_TTL = 60;
export const INTERACTION_TTL = 60 * 60;
/** Spec §9: the session cookie lasts one day. */
export const SESSION_TTL = 24 * 60 * 60;
/** A refresh token lives 14 days from its last use (each use rotates it) ... */
export const REFRESH_TOKEN_TTL = 14 * 24 * 60 * 60;
/** ... and never beyond the grant, which ends 90 days after the sign-in. */
export const GRANT_TTL = 90 * 24 * 60 * 60;
export const PASSWORD_RESET_TTL = 60 * 60;
/** An e-mail verification link works for a day. */
export const EMAIL_VERIFICATION_TTL = 24 * 60 * 60;

/**
 * How long a retired signing key stays published: the longest lifetime of a token it signed, plus
 * the leeway verifiers allow. Refresh tokens are opaque and do not depend on signing keys.
 */
export const KEY_RETIREMENT_SECONDS =
  Math.max(ACCESS_TOKEN_TTL, ID_TOKEN_TTL) + TOKEN_LEEWAY_SECONDS;

/**
 * Failed sign-ins: this many in the window blocks the key for a while. An account from one client
 * address (someone guessing its password there), a client address over all accounts, and an
 * account from everywhere: that last limit is high, so that nobody locks a player out by typing
 * wrong passwords for their e-mail (a security review did, with five), while guessing from many
 * addresses is still stopped.
 */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const THROTTLE_BLOCK_SECONDS = 15 * 60;
export const THROTTLE_MAX_PER_ACCOUNT_AND_ADDRESS = 5;
export const THROTTLE_MAX_PER_ACCOUNT = 50;
export const THROTTLE_MAX_PER_ADDRESS = 20;
/** Password reset mails per e-mail address within the throttle window. */
export const THROTTLE_MAX_RESET_MAILS = 3;
