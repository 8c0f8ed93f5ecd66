import {
  RESERVED_USERNAMES,
  USERNAME_CHARACTERS,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_NEEDS_LETTER,
} from '@arcadia/contracts';

/**
 * The first rule of a user name (`usernameSchema`, in its order) that `name` breaks, as its
 * message key under `admin-players`: found with the contract's own limits and patterns, never
 * by the check's English message. Null when it keeps them all.
 */
export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length < USERNAME_MIN) return 'nameTooShort';
  if (trimmed.length > USERNAME_MAX) return 'nameTooLong';
  if (!USERNAME_CHARACTERS.test(trimmed)) return 'nameChars';
  if (!USERNAME_NEEDS_LETTER.test(trimmed)) return 'nameNeedsLetter';
  if (RESERVED_USERNAMES.includes(trimmed.toLowerCase())) return 'nameReserved';
  return null;
}
