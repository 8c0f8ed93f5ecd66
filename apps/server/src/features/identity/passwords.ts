import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { easilyGuessed } from './password-guessing';

/** scrypt cost: N = 2^15, r = 8 uses 32 MiB per hash (memory-hard), about 0.1 s here. */
const CURRENT = { ln: 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

function derive(password: string, salt: Buffer, params: typeof CURRENT): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** params.ln,
    r: params.r,
    p: params.p,
    maxmem: 256 * 2 ** params.ln * params.r,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `$scrypt$ln=15,r=8,p=1$<salt>$<hash>` (base64url): the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, CURRENT);
  const { ln, r, p } = CURRENT;
  return `$scrypt$ln=${ln},r=${r},p=${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]+)\$([\w-]+)$/;

/** A hash of a random password, verified against when the account is unknown (same timing). */
let decoy: Promise<string> | undefined;

export interface PasswordCheck {
  ok: boolean;
  /** The hash uses older parameters and should be replaced by a fresh one. */
  outdated: boolean;
}

export async function verifyPassword(
  password: string,
  stored: string | null,
): Promise<PasswordCheck> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  const match = FORMAT.exec(stored ?? (await decoy));
  if (!match) return { ok: false, outdated: false };
  const params = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (params.ln < 10 || params.ln > 20 || params.r > 32 || params.p > 16) {
    return { ok: false, outdated: false };
  }
  const expected = Buffer.from(match[5]!, 'base64url');
  const actual = await derive(password, Buffer.from(match[4]!, 'base64url'), params);
  const ok =
    stored !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
  const outdated = params.ln !== CURRENT.ln || params.r !== CURRENT.r || params.p !== CURRENT.p;
  return { ok, outdated };
}

export type PasswordProblem =
  'tooShort' | 'tooLong' | 'needsLetterAndDigit' | 'isEmail' | 'easilyGuessed';

/** The strength rules shown on the sign-up and reset pages. */
export function passwordProblem(password: string, email: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) return 'needsLetterAndDigit';
  const lower = password.trim().toLowerCase();
  const mail = email.trim().toLowerCase();
  const local = mail.split('@')[0] ?? '';
  if (mail && (lower.includes(mail) || lower === local)) return 'isEmail';
  if (easilyGuessed(password, [mail, local])) return 'easilyGuessed';
  return null;
}
