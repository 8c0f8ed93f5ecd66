import { z } from 'zod';
import {
  AGB_VERSION,
  INSTAGRAM_MAX,
  MAIL_MAX,
  SEARCH_MIN_LENGTH,
  USERNAME_MAX,
  USERNAME_MIN,
} from './limits';
import { gameSchema } from './games';
import { statisticsSummarySchema } from './statistics';
import { userRoleSchema } from './admin';

export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN, { message: `username must be at least ${USERNAME_MIN} characters` })
  .max(USERNAME_MAX, { message: `username must be at most ${USERNAME_MAX} characters` })
  .regex(/^[\p{L}\p{N}_.-]+$/u, {
    message: 'username may contain letters, digits, dot, dash and underscore only',
  });

/** yyyy-mm-dd, a real calendar date, not in the future. */
export const birthdaySchema = z.iso
  // abort: a value that is no date gets that one message, not also "in the future".
  .date({ message: 'birthday must be a date (yyyy-mm-dd)', abort: true })
  .refine((value) => value <= new Date().toISOString().slice(0, 10), {
    message: 'birthday must not be in the future',
  });

/**
 * Who sees a player's profile, games and statistics (docs/privacy.md "Visibility"): everyone,
 * only the players on the player's own friend list, or only the player.
 */
export const PROFILE_VISIBILITIES = ['everyone', 'friends', 'private'] as const;
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
  if (!birthday) return 'everyone';
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const age = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  return age < VISIBILITY_ADULT_AGE ? 'friends' : 'everyone';
}

/**
 * 403 codes of a profile (and its games, statistics, trends) the viewer may not see: the web shows
 * "Dieses Profil ist privat" / "Nur für Freunde sichtbar" rather than "not found".
 */
export const PROFILE_PRIVATE = 'profile_private';
export const PROFILE_FRIENDS_ONLY = 'profile_friends_only';

/** The name a hidden player has in other people's matches (the web shows it translated). */
export const HIDDEN_PLAYER_NAME = 'Spieler';

/** Registration body of spec §3 / §5. */
export const registrationSchema = z.object({
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
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
  agb: z.literal(true, { message: 'agb must be accepted' }),
  marketingConsent: z.boolean().default(false),
});
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/** The public profile of spec §3: id, userName (and name), matchHistory, userStatistics. */
export const profileSchema = z.object({
  id: z.uuid(),
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
    profileVisibility: profileVisibilitySchema,
    leaderboardVisible: z.boolean({ message: 'leaderboardVisible must be true or false' }),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change' });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** GET /api/user/{id}: the user a scanned card points at. */
export const userSummarySchema = z.object({
  id: z.uuid(),
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
  data: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const matchHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
});
