import { z } from 'zod';
import { iconPathSchema } from './admin';
import { gameTypeSchema } from './games';
import { applicationIdSchema } from './leaderboard';

/**
 * The game catalogue as the operator console edits it (docs/operator-console.md): the
 * applications (games such as commando), the modes each offers, and their maps (admin.ts).
 * Staff read it, admins change it; every change is audited.
 *
 * A mode's id is one of the rule sets the server scores (GAME_TYPES): an application offers some
 * of them, named, explained and ordered as it likes. A new rule set needs server code.
 */

const bilingual = (field: string, max: number) =>
  z.object({
    de: z
      .string()
      .trim()
      .min(1, { message: `${field}.de must not be empty` })
      .max(max),
    en: z
      .string()
      .trim()
      .min(1, { message: `${field}.en must not be empty` })
      .max(max),
  });

const applicationName = z.string().trim().min(1, { message: 'name must not be empty' }).max(80);
const description = bilingual('description', 2000);
const modeName = bilingual('name', 80);
const position = z.number().int().min(0).max(999);

export const adminModeSchema = z.object({
  applicationId: z.string(),
  id: gameTypeSchema,
  name: z.object({ de: z.string(), en: z.string() }),
  description: z.object({ de: z.string(), en: z.string() }),
  /** Whether the mode is played in teams: every rule set but freeforall. */
  teams: z.boolean(),
  iconPath: z.string().nullable(),
  position: z.number().int(),
  /** Set while the mode is retired: reports in it are refused, stored games keep it. */
  retiredAt: z.string().nullable(),
});
export type AdminMode = z.infer<typeof adminModeSchema>;

export const adminApplicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.object({ de: z.string(), en: z.string() }),
  iconPath: z.string().nullable(),
  /** Every mode, retired ones too, in overview order. */
  modes: z.array(adminModeSchema),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;
export const adminApplicationsSchema = z.object({ applications: z.array(adminApplicationSchema) });

export const adminApplicationParamsSchema = z.object({ applicationId: applicationIdSchema });
export const adminModeParamsSchema = z.object({
  applicationId: applicationIdSchema,
  modeId: gameTypeSchema,
});

/** POST /api/admin/applications (admins). */
export const applicationCreateSchema = z.object({
  id: applicationIdSchema,
  name: applicationName,
  description,
  iconPath: iconPathSchema.nullable().default(null),
});
export type ApplicationCreate = z.infer<typeof applicationCreateSchema>;

/** PATCH /api/admin/applications/{applicationId} (admins): the fields to change. */
export const applicationUpdateSchema = z
  .object({
    name: applicationName.optional(),
    description: description.optional(),
    iconPath: iconPathSchema.nullable().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change' });
export type ApplicationUpdate = z.infer<typeof applicationUpdateSchema>;

/** POST /api/admin/applications/{applicationId}/modes (admins); position: last by default. */
export const modeCreateSchema = z.object({
  id: gameTypeSchema,
  name: modeName,
  description,
  iconPath: iconPathSchema.nullable().default(null),
  position: position.optional(),
});
export type ModeCreate = z.infer<typeof modeCreateSchema>;

/** PATCH /api/admin/applications/{applicationId}/modes/{modeId} (admins). */
export const modeUpdateSchema = z
  .object({
    name: modeName.optional(),
    description: description.optional(),
    iconPath: iconPathSchema.nullable().optional(),
    position: position.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change' });
export type ModeUpdate = z.infer<typeof modeUpdateSchema>;
