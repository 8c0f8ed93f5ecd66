import { z } from 'zod';

/**
 * The player's copy of their data (DSGVO Art. 15 access, Art. 20 portability):
 * `GET /api/me/export` answers a download, JSON (machine-readable, every section) or HTML (the
 * same content as a readable summary, in German or English).
 */

/** The `format` field of every export: its name and version, so a reader knows what it holds. */
export const DATA_EXPORT_FORMAT = 'arcadia-data-export/1';

/** How many exports a player may make per window (each builds the whole document). */
export const DATA_EXPORT_LIMIT = { max: 5, windowMinutes: 60 } as const;

export const dataExportQuerySchema = z.object({
  format: z.enum(['json', 'html'], { message: 'format must be json or html' }).default('json'),
  lang: z.enum(['de', 'en'], { message: 'lang must be de or en' }).optional(),
});
export type DataExportQuery = z.infer<typeof dataExportQuerySchema>;
