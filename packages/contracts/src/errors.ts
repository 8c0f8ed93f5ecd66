import { z } from 'zod';

/** The one error shape every API answer uses on failure. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** One offending field of a 400 answer. */
export const fieldIssueSchema = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** The `error` object of a failed answer: what a client reads (and a test server sends). */
export type ApiErrorBody = ApiError['error'];
