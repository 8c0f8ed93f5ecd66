import { z } from 'zod';
import {
  USERNAME_MAX,
  USERNAME_MIN,
  MAIL_MAX,
  SINGLE_LINE,
  VISIBLE_NAME,
} from '@arcadia/contracts';
import type { Db } from '../../db/client';
import {
  endAllSessions,
  findAccountByEmail,
  findAccountById,
  insertAccount,
  normalizeEmail,
  refuseTokensIssuedBefore,
  rehashPassword,
  setPasswordHash,
  type AccountRow,
} from './accounts';
import {
  THROTTLE_MAX_PER_ACCOUNT,
  THROTTLE_MAX_PER_ACCOUNT_AND_ADDRESS,
  THROTTLE_MAX_PER_ADDRESS,
  THROTTLE_MAX_RESET_MAILS,
} from './lifetimes';
import { announceRevokedAccount } from '../../plugins/auth';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';
import { consumeResetToken, createResetToken, resetTokenAccount } from './password-resets';
import { blockedFor, clearFailures, recordFailure, type ThrottleKey } from './throttle';
import type { Language, MessageKey } from './views/strings';
import { addressKey } from '../../plugins/limits';
import { userNameTaken } from '../users';

export type SignInResult =
  | { ok: true; account: AccountRow }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/** The throttle counters kept per e-mail: failed sign-ins, and reset mails requested. */
export const accountThrottleKey = (email: string) => `account:${normalizeEmail(email)}`;
export const resetThrottleKey = (email: string) => `reset:${normalizeEmail(email)}`;

/** An account's failures from one client address (the account's key, then `|address`). */
export const accountAddressThrottleKey = (email: string, address: string) =>
  `${accountThrottleKey(email)}|${address}`;

/**
 * A client address as the request limits count it (`addressKey`): an IPv6 client is its /64,
 * which one customer holds whole, so taking another address of it for each guess starts no
 * fresh count.
 */
const signInKeys = (email: string, ip: string): ThrottleKey[] => {
  const address = addressKey(ip);
  return [
    {
      key: accountAddressThrottleKey(email, address),
      limit: THROTTLE_MAX_PER_ACCOUNT_AND_ADDRESS,
    },
    { key: accountThrottleKey(email), limit: THROTTLE_MAX_PER_ACCOUNT },
    { key: `address:${address}`, limit: THROTTLE_MAX_PER_ADDRESS },
  ];
};

/**
 * Checks e-mail and password. An unknown e-mail costs the same hashing time and gets the same
 * answer as a wrong password; failures count per account and client address, per account and per
 * client address (lifetimes.ts).
 */
export async function signIn(
  db: Db,
  input: { email: string; password: string; address: string },
): Promise<SignInResult> {
  const keys = signInKeys(input.email, input.address);
  const waiting = await blockedFor(db, keys);
  if (waiting > 0) return { ok: false, reason: 'throttled', retryAfterSeconds: waiting };
  const account = input.email ? await findAccountByEmail(db, input.email) : undefined;
  const check = await verifyPassword(input.password, account?.passwordHash ?? null);
  if (!account || !check.ok) {
    await recordFailure(db, keys);
    const blocked = await blockedFor(db, keys);
    return blocked > 0
      ? { ok: false, reason: 'throttled', retryAfterSeconds: blocked }
      : { ok: false, reason: 'invalid' };
  }
  await clearFailures(db, keys[0]!.key);
  await clearFailures(db, keys[1]!.key);
  if (check.outdated) {
    const newHash = await hashPassword(input.password);
    // A reset committed while this password was hashed again: it no longer signs in.
    if (!(await rehashPassword(db, account.id, account.passwordHash, newHash))) {
      return { ok: false, reason: 'invalid' };
    }
  }
  return { ok: true, account };
}

const emailSchema = z.email().max(MAIL_MAX);

type SignUpField = 'email' | 'nickname' | 'password';
export type SignUpErrors = Partial<Record<SignUpField, MessageKey>>;

export function signUpErrors(input: {
  email: string;
  nickname: string;
  password: string;
}): SignUpErrors {
  const errors: SignUpErrors = {};
  if (!emailSchema.safeParse(input.email.trim()).success) errors.email = 'field.emailInvalid';
  const nickname = input.nickname.trim();
  const length = [...nickname].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX) errors.nickname = 'field.nicknameLength';
  // Control characters, direction controls (U+202E turns the name around in the greeting of
  // every mail) and a name of nothing visible.
  else if (!SINGLE_LINE.test(nickname) || !VISIBLE_NAME.test(nickname))
    errors.nickname = 'field.nicknameChars';
  const problem = passwordProblem(input.password, input.email);
  if (problem) errors.password = `field.password.${problem}`;
  return errors;
}

export type SignUpResult =
  | { ok: true; account: AccountRow }
  /** The e-mail already has an account: answer as for a new one, and tell its owner. */
  | { ok: false; existing: AccountRow; errors?: undefined }
  | { ok: false; errors: SignUpErrors; existing?: undefined };

/**
 * Creates an account. An e-mail that already has one costs the same hashing and gets the same
 * result shape as success would to the page, which tells the owner by mail instead of the
 * visitor (see `existing`).
 */
export async function signUp(
  db: Db,
  input: { email: string; nickname: string; password: string; language: Language },
): Promise<SignUpResult> {
  const errors = signUpErrors(input);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // The nickname prefills the app's registration, which refuses a name taken or looking like
  // one: say so here rather than one form later. Player names are public (search, boards), so
  // this tells nothing about the e-mail, and an address that has an account gets it too.
  if (await userNameTaken(db, input.nickname)) {
    return { ok: false, errors: { nickname: 'field.nicknameTaken' } };
  }
  const passwordHash = await hashPassword(input.password);
  const account = await insertAccount(db, {
    email: input.email,
    nickname: input.nickname.trim(),
    passwordHash,
    language: input.language,
  });
  if (account) return { ok: true, account };
  const existing = await findAccountByEmail(db, input.email);
  // Taken and gone again in between (a deletion): as good as taken.
  if (!existing) return { ok: false, errors: { email: 'field.emailInvalid' } };
  return { ok: false, existing };
}

/**
 * Issues a reset token for the account of this e-mail, if there is one, and hands it to `send`.
 * The caller answers the same either way; mails per address are throttled.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  send: (account: AccountRow, token: string) => Promise<void>,
): Promise<void> {
  const key: ThrottleKey = {
    key: resetThrottleKey(email),
    limit: THROTTLE_MAX_RESET_MAILS,
  };
  if ((await blockedFor(db, [key])) > 0) return;
  await recordFailure(db, [key]);
  const account = await findAccountByEmail(db, email);
  if (!account) return;
  await send(account, await createResetToken(db, account.id));
}

export type ResetResult =
  | { ok: true; accountId: string }
  | { ok: false; reason: 'invalid_token' }
  | { ok: false; reason: 'weak_password'; error: MessageKey };

class TokenSpent extends Error {}

/**
 * Sets a new password with a reset token: the token is spent (single use, even under a race),
 * the password replaced and the account signed out everywhere, in one transaction.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<ResetResult> {
  const accountId = await resetTokenAccount(db, token);
  const account = accountId ? await findAccountById(db, accountId) : undefined;
  if (!account) return { ok: false, reason: 'invalid_token' };
  const problem = passwordProblem(password, account.email);
  if (problem) return { ok: false, reason: 'weak_password', error: `field.password.${problem}` };
  const passwordHash = await hashPassword(password);
  try {
    await db.transaction(async (tx) => {
      if ((await consumeResetToken(tx, token)) !== account.id) throw new TokenSpent();
      await setPasswordHash(tx, account.id, passwordHash);
      await endAllSessions(tx, account.id);
      await refuseTokensIssuedBefore(tx, account.id);
      await announceRevokedAccount(tx, account.id);
    });
  } catch (error) {
    if (error instanceof TokenSpent) return { ok: false, reason: 'invalid_token' };
    throw error;
  }
  return { ok: true, accountId: account.id };
}
