import {
  BIRTHDAY_EARLIEST,
  birthdaySchema,
  needsParentConsent,
  registrationSchema,
  USERNAME_NEEDS_LETTER,
  USERNAME_SCRIPTS_MESSAGE,
  type Registration,
} from '@arcadia/contracts';
import { USERNAME_MAX } from '@arcadia/contracts/limits';

/** What the form holds; every field a string or flag as the inputs give it. */
export interface RegistrationValues {
  username: string;
  mail: string;
  birthday: string;
  instagram: string;
  agb: boolean;
  marketingConsent: boolean;
  /** Asked only when the birthday says under 16 and marketing is ticked (a parent confirms). */
  parentMail: string;
}

export const REGISTRATION_FIELDS = [
  'username',
  'mail',
  'birthday',
  'instagram',
  'agb',
  'parentMail',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** Per field, the i18n key (under `registration.errors`) of its first problem. */
export type FieldErrors = Partial<Record<RegistrationField, string>>;

export const emptyRegistration: RegistrationValues = {
  username: '',
  mail: '',
  birthday: '',
  instagram: '',
  agb: false,
  marketingConsent: false,
  parentMail: '',
};

function isField(value: unknown): value is RegistrationField {
  return (REGISTRATION_FIELDS as readonly unknown[]).includes(value);
}

/** The message key for one field's zod issue; the rule itself lives in the contracts schema. */
function messageKey(
  field: RegistrationField,
  issue: { code: string; pattern?: string; message?: string },
  values: RegistrationValues,
): string {
  const { code } = issue;
  switch (field) {
    case 'username':
      if (!values.username.trim()) return 'usernameRequired';
      if (code === 'too_small') return 'usernameTooShort';
      if (code === 'too_big') return 'usernameTooLong';
      // Told apart by the rule that refused: its two patterns are exported, and of its two
      // refinements the scripts' names its message as a constant.
      if (code === 'custom')
        return issue.message === USERNAME_SCRIPTS_MESSAGE ? 'usernameScripts' : 'usernameReserved';
      if (issue.pattern === String(USERNAME_NEEDS_LETTER)) return 'usernameNeedsLetter';
      return 'usernameChars';
    case 'mail':
      if (!values.mail.trim()) return 'mailRequired';
      return code === 'too_big' ? 'mailTooLong' : 'mailInvalid';
    case 'birthday': {
      const own = birthdaySchema.safeParse(values.birthday);
      if (!own.error?.issues.some((i) => i.code === 'custom')) return 'birthdayInvalid';
      return values.birthday < BIRTHDAY_EARLIEST ? 'birthdayTooEarly' : 'birthdayFuture';
    }
    case 'instagram':
      return code === 'too_big' ? 'instagramTooLong' : 'instagramChars';
    case 'agb':
      return 'agbRequired';
    case 'parentMail':
      if (!values.parentMail.trim()) return 'parentMailRequired';
      return code === 'custom' ? 'parentMailOwn' : 'parentMailInvalid';
  }
}

/**
 * Checks the form with the same `registrationSchema` the server uses; answers the parsed body
 * when valid, else one message key per offending field.
 */
export function validateRegistration(
  values: RegistrationValues,
): { ok: true; data: Registration } | { ok: false; errors: FieldErrors } {
  // The parent's address goes only with a tick under 16 (the field is hidden otherwise).
  const parentAsked = values.marketingConsent && needsParentConsent(values.birthday || null);
  const result = registrationSchema.safeParse({
    ...values,
    parentMail: parentAsked ? values.parentMail : undefined,
  });
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isField(field) && !errors[field]) errors[field] = messageKey(field, issue, values);
  }
  return { ok: false, errors };
}

/**
 * The nickname and e-mail claims of the signed-in account, as the form's first values. The
 * provider's nickname may hold what a player name may not (spaces: "Max Müller"): the suggestion
 * keeps only the allowed characters, at most USERNAME_MAX, so it does not open the form in red.
 */
export function prefillFromAccount(
  account: { nickname?: unknown; email?: unknown } | null | undefined,
): RegistrationValues {
  const nickname = typeof account?.nickname === 'string' ? account.nickname : '';
  return {
    ...emptyRegistration,
    username: [...nickname.replace(/[^\p{L}\p{N}_.-]|\p{Default_Ignorable_Code_Point}/gu, '')]
      .slice(0, USERNAME_MAX)
      .join(''),
    mail: typeof account?.email === 'string' ? account.email : '',
  };
}

/** A valid birthday (not in the future, from 1900) of someone under 16 today. */
export function isUnder16(birthday: string): boolean {
  return birthdaySchema.safeParse(birthday).success && needsParentConsent(birthday || null);
}
