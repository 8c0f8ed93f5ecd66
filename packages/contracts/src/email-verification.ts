import { z } from 'zod';

/**
 * E-mail verification of an embedded-provider account (docs/identity.md):
 * `GET /api/me/verification-mail` answers whether the signed-in account's e-mail is verified;
 * `POST /api/me/verification-mail` sends the verification mail again (202), at most
 * `VERIFICATION_MAIL_LIMIT.max` per window (429 with Retry-After after that).
 */
export const VERIFICATION_MAIL_LIMIT = { max: 3, windowMinutes: 60 } as const;

export const emailVerificationStatusSchema = z.object({ emailVerified: z.boolean() });
export type EmailVerificationStatus = z.infer<typeof emailVerificationStatusSchema>;

export const verificationMailSentSchema = z.object({ sent: z.literal(true) });
export type VerificationMailSent = z.infer<typeof verificationMailSentSchema>;
