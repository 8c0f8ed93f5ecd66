import { z } from 'zod';
import { PROFILE_VISIBILITIES } from './profile-access';
import {
  AGB_VERSION,
  INSTAGRAM_MAX,
  MAIL_MAX,
  MARKETING_MIN_AGE,
  SEARCH_MIN_LENGTH,
  USERNAME_MAX,
  USERNAME_MIN,
  SINGLE_LINE,
} from './limits';
import { gameSchema } from './games';
import { statisticsSummarySchema } from './statistics';
import { userRoleSchema } from './admin';
import { USERNAME_SCRIPTS_MESSAGE, usernameScriptsAllowed } from './username-scripts';

export * from './profile-access';
export { USERNAME_SCRIPTS_MESSAGE, usernameScriptsAllowed } from './username-scripts';

/**
 * Names the app itself shows in a player's place: 'Spieler' / 'Player' for a player hidden from
 * the viewer (match pages, share images), 'Gast' / 'Guest' for guests. A player by that name
 * would pass for one of them.
 */
export const RESERVED_USERNAMES: readonly string[] = ['spieler', 'player', 'gast', 'guest'];

/**
 * The characters of a user name: letters, decimal digits, `_ . -`. Default-ignorable code points
 * (U+3164 HANGUL FILLER, U+00AD soft hyphen, zero-width ones…) count as letters or format
 * characters but show nothing: 'anna' + U+3164 would sit beside 'anna' on every board, and a name
 * of fillers alone would be blank (UTS #39 refuses them too). Modifier letters (U+0640 ARABIC
 * TATWEEL stretching 'Neـon', U+02BC passing for an apostrophe, superscript ʰ) and numbers
 * that are not decimal digits (Roman Ⅰ for I, ², ①) are refused as UTS #39's identifier profile
 * refuses them; kept are the Japanese marks that names are written with (ー 々 ゝゞ ヽヾ).
 */
export const USERNAME_CHARACTERS =
  /^(?!.*\p{Default_Ignorable_Code_Point})(?:(?!\p{Lm})\p{L}|[\u3005\u309d\u309e\u30fc\u30fd\u30fe]|\p{Nd}|[_.-])+$/u;
/** A user name needs a letter or a digit: '...' or '-_-' names nobody on a board or in a list. */
export const USERNAME_NEEDS_LETTER = /[\p{L}\p{N}]/u;

export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN, { message: `username must be at least ${USERNAME_MIN} characters` })
  .max(USERNAME_MAX, { message: `username must be at most ${USERNAME_MAX} characters` })
  .regex(USERNAME_CHARACTERS, {
    message: 'username may contain letters, digits, dot, dash and underscore only',
  })
  .regex(USERNAME_NEEDS_LETTER, { message: 'username needs a letter or a digit' })
  .refine(usernameScriptsAllowed, { message: USERNAME_SCRIPTS_MESSAGE })
  .refine((name) => !RESERVED_USERNAMES.includes(name.toLowerCase()), {
    message: 'username is reserved',
  });

/** The earliest birthday taken: before it, a typo (or a way round the under-16 defaults). */
export const BIRTHDAY_EARLIEST = '1900-01-01';

/** yyyy-mm-dd, a real calendar date, not in the future, not before BIRTHDAY_EARLIEST. */
export const birthdaySchema = z.iso
  // abort: a value that is no date gets that one message, not also "in the future".
  .date({ message: 'birthday must be a date (yyyy-mm-dd)', abort: true })
  .refine((value) => value <= new Date().toISOString().slice(0, 10), {
    message: 'birthday must not be in the future',
  })
  .refine((value) => value >= BIRTHDAY_EARLIEST, {
    message: `birthday must not be before ${BIRTHDAY_EARLIEST}`,
  });

/** Whole years from a birthday (yyyy-mm-dd) to `today` (yyyy-mm-dd, UTC). */
export function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * Whether marketing consent needs a parent's confirmation: the birthday says the player is
 * younger than MARKETING_MIN_AGE (16). No birthday given: no (the birthday decides).
 */
export function needsParentConsent(
  birthday: string | null | undefined,
  today: string = new Date().toISOString().slice(0, 10),
): boolean {
  return !!birthday && ageOn(birthday, today) < MARKETING_MIN_AGE;
}

/** A parent's e-mail address (marketing consent of a player under 16). */
export const parentMailSchema = z
  .email({ message: 'parentMail must be a valid e-mail address' })
  .max(MAIL_MAX, { message: `parentMail must be at most ${MAIL_MAX} characters` });

export const profileVisibilitySchema = z.enum(PROFILE_VISIBILITIES, {
  message: `profileVisibility must be one of ${PROFILE_VISIBILITIES.join(', ')}`,
});
export type ProfileVisibility = z.infer<typeof profileVisibilitySchema>;

/** Below this age (DSGVO Art. 8 as Germany applies it) a new profile starts friends-only. */
export const VISIBILITY_ADULT_AGE = 16;

/** The visibility a profile starts with: friends-only under 16 (by the birthday), else everyone. */
export function defaultProfileVisibility(
  birthday: string | null | undefined,
  today: string = new Date().toISOString().slice(0, 10),
): ProfileVisibility {
  return birthday && ageOn(birthday, today) < VISIBILITY_ADULT_AGE ? 'friends' : 'everyone';
}

/**
 * Whether a new profile starts on the leaderboards: not under 16 (by the birthday), as its
 * profile starts friends-only; a board shows a name to everyone, signed in or not.
 */
export function defaultLeaderboardVisible(
  birthday: string | null | undefined,
  today: string = new Date().toISOString().slice(0, 10),
): boolean {
  return defaultProfileVisibility(birthday, today) === 'everyone';
}

/** The name a hidden player has in other people's matches (the web shows it translated). */
export const HIDDEN_PLAYER_NAME = 'Spieler';

/** Registration body of spec §3 / §5. */
const registrationFields = z.object({
  username: usernameSchema,
  mail: z.email({ message: 'mail must be a valid e-mail address' }).max(MAIL_MAX),
  birthday: z
    .union([birthdaySchema, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : undefined)),
  instagram: z
    .string()
    .trim()
    .max(INSTAGRAM_MAX, { message: `instagram must be at most ${INSTAGRAM_MAX} characters` })
    // One line: a line break would let a player's text start a line of the backup's SQL, and
    // PGlite's pg_dump drops such lines when they read \restrict (docs/backups.md).
    .regex(SINGLE_LINE, { message: 'instagram must be one line without control characters' })
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
  agb: z.literal(true, { message: 'agb must be accepted' }),
  marketingConsent: z.boolean().default(false),
  /** Under 16 with marketingConsent: the parent who confirms it (issue 17, minors). */
  parentMail: z
    .union([parentMailSchema, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined)),
});

/** The parent's address is asked exactly when a player under 16 ticks marketing mails. */
export const registrationSchema = registrationFields.superRefine((v, ctx) => {
  if (!v.marketingConsent || !needsParentConsent(v.birthday)) return;
  if (!v.parentMail)
    ctx.addIssue({
      code: 'custom',
      path: ['parentMail'],
      message: `parentMail is required for marketing mails under ${MARKETING_MIN_AGE}`,
    });
  else if (v.parentMail === v.mail.toLowerCase())
    ctx.addIssue({
      code: 'custom',
      path: ['parentMail'],
      message: "parentMail must be a parent's address, not the player's own",
    });
});
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/** The public profile of spec §3: id, userName (and name), matchHistory, userStatistics. */
export const profileSchema = z.object({
  id: z.uuid().toLowerCase(),
  userName: z.string(),
  name: z.string(),
  earlyAdopter: z.boolean(),
  matchHistory: z.array(gameSchema),
  userStatistics: statisticsSummarySchema,
});
export type Profile = z.infer<typeof profileSchema>;

/** The own profile adds the personal fields only its owner may read. */
export const ownProfileSchema = profileSchema.extend({
  mail: z.string(),
  birthday: z.string().nullable(),
  instagram: z.string().nullable(),
  /** True only once the player followed the link of the confirmation mail (double opt-in). */
  marketingConsent: z.boolean(),
  /** A marketing confirmation mail is out and its link not yet followed. */
  marketingPending: z.boolean(),
  /**
   * Under 16: the parent's confirmation mail is out to this address and not yet followed
   * (marketing stays off until then); null otherwise.
   */
  marketingAwaitsParent: z.string().nullable(),
  /**
   * The profile's mail address is proven: it is the verified account e-mail, or a link mailed to
   * it was followed. Marketing mail goes only to proven addresses.
   */
  mailVerified: z.boolean(),
  language: z.enum(['de', 'en']),
  /** The terms version the player accepted (null: none); below AGB_VERSION, the app asks again. */
  agbVersion: z.number().int().nullable(),
  /** The operator role (docs/operator-console.md): the web shows the console's link to staff and admins. */
  role: userRoleSchema.optional(),
  /** Who sees the profile, games and statistics. */
  profileVisibility: profileVisibilitySchema,
  /** Whether the player appears on leaderboards for others. */
  leaderboardVisible: z.boolean(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** PUT /api/v2/user/me/agb: accepts the current terms (only the current version can be accepted). */
export const agbAcceptSchema = z.object({
  version: z.literal(AGB_VERSION, {
    message: `version must be the current terms version ${AGB_VERSION}`,
  }),
});
export type AgbAccept = z.infer<typeof agbAcceptSchema>;

/** PATCH /api/v2/user/me: the settings a player changes after registering. */
export const profileUpdateSchema = z
  .object({
    language: z.enum(['de', 'en']),
    marketingConsent: z.boolean(),
    /** With marketingConsent true, for a player under 16: the parent who confirms it. */
    parentMail: parentMailSchema.transform((v) => v.toLowerCase()),

    profileVisibility: profileVisibilitySchema,
    leaderboardVisible: z.boolean({ message: 'leaderboardVisible must be true or false' }),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change' })
  .refine((v) => v.parentMail === undefined || v.marketingConsent === true, {
    path: ['parentMail'],
    message: 'parentMail goes only with marketingConsent: true',
  });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** GET /api/user/{id}: the user a scanned card points at. */
export const userSummarySchema = z.object({
  id: z.uuid().toLowerCase(),
  userName: z.string(),
  name: z.string(),
  earlyAdopter: z.boolean(),
  claimed: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const searchQuerySchema = z.object({
  searchterm: z
    .string()
    .trim()
    .min(SEARCH_MIN_LENGTH, {
      message: `searchterm must be at least ${SEARCH_MIN_LENGTH} characters`,
    })
    .max(64),
});
export const searchResultSchema = z.object({
  data: z.array(z.object({ id: z.uuid().toLowerCase(), name: z.string() })),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const matchHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
});
