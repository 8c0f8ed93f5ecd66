import { z } from 'zod';
import { newsEntrySchema, newsLocaleSchema, newsSlugSchema } from './news';

/**
 * The console's news editor under /api/admin/news (docs/operator-console.md): articles in
 * German (required) and English (optional), written in CommonMark and stored as the rich-text
 * document players get; a header image (an asset uploaded through POST /api/admin/assets); a
 * status and a publish date. Players see an article while it is published and its date has come.
 */
export const NEWS_STATUSES = ['draft', 'published', 'unpublished'] as const;
export const newsStatusSchema = z.enum(NEWS_STATUSES);
export type NewsStatus = z.infer<typeof newsStatusSchema>;

export const NEWS_TITLE_MAX = 200;
export const NEWS_ABSTRACT_MAX = 1000;
export const NEWS_MARKDOWN_MAX = 50_000;

export const newsTranslationInputSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { message: 'title must not be empty' })
    .max(NEWS_TITLE_MAX, { message: `title must be at most ${NEWS_TITLE_MAX} characters` }),
  abstract: z
    .string()
    .trim()
    .min(1, { message: 'abstract must not be empty' })
    .max(NEWS_ABSTRACT_MAX, {
      message: `abstract must be at most ${NEWS_ABSTRACT_MAX} characters`,
    }),
  markdown: z.string().max(NEWS_MARKDOWN_MAX, {
    message: `markdown must be at most ${NEWS_MARKDOWN_MAX} characters`,
  }),
});
export type NewsTranslationInput = z.infer<typeof newsTranslationInputSchema>;

/** A publish date: an ISO date-time from 2000 until ten years ahead (year 1 or 9999: a typo). */
const isoDate = z.iso
  .datetime({ offset: true, message: 'must be an ISO date-time', abort: true })
  .refine(
    (value) => {
      const at = Date.parse(value);
      return at >= Date.UTC(2000, 0, 1) && at <= Date.now() + 10 * 366 * 24 * 3600 * 1000;
    },
    { message: 'must be between 2000 and ten years from now' },
  );
const assetId = z.uuid({ message: 'headerAssetId must be an asset id' }).toLowerCase();

/**
 * POST /api/admin/news: a new article is a draft (publish it with /publish), or published at
 * once with `publish: true`.
 */
export const newsArticleInputSchema = z.object({
  slug: newsSlugSchema,
  headerAssetId: assetId.nullable().default(null),
  /** The planned publish date (kept on the draft, used when it is published without one). */
  publishAt: isoDate.nullable().default(null),
  translations: z.object({
    de: newsTranslationInputSchema,
    en: newsTranslationInputSchema.nullable().default(null),
  }),
  /**
   * Also publish, in the same transaction as the save, as POST /{id}/publish without a date
   * does (from `publishAt`, else now); audited `news.publish` besides the save's own entry. A
   * refused save publishes nothing. False (the default): the status stays as it is.
   */
  publish: z.boolean().default(false),
});
export type NewsArticleInput = z.input<typeof newsArticleInputSchema>;

/**
 * PUT /api/admin/news/{id}: the whole article as the editor holds it (status unchanged, unless
 * `publish` publishes it too).
 */
export const newsArticleUpdateSchema = newsArticleInputSchema;

/** POST /api/admin/news/{id}/publish: public from `publishAt` (default: the article's date, else now). */
export const newsPublishSchema = z.object({ publishAt: isoDate.optional() });

export const adminNewsParamsSchema = z.object({
  id: z.uuid({ message: 'id must be an article id' }).toLowerCase(),
});

export const adminNewsSummarySchema = z.object({
  id: z.uuid().toLowerCase(),
  slug: z.string(),
  status: newsStatusSchema,
  publishAt: z.string().nullable(),
  /** Players see it now: published and its date has come. */
  live: z.boolean(),
  /** When the "new article" push went out (once, the first time it was live). */
  notifiedAt: z.string().nullable(),
  updatedAt: z.string(),
  titles: z.object({ de: z.string(), en: z.string().nullable() }),
  /** The header image's URL on our origin (append the image parameters), or null. */
  headerUrl: z.string().nullable(),
});
export type AdminNewsSummary = z.infer<typeof adminNewsSummarySchema>;

export const adminNewsArticleSchema = adminNewsSummarySchema.extend({
  headerAssetId: z.uuid().toLowerCase().nullable(),
  translations: z.object({
    de: newsTranslationInputSchema,
    en: newsTranslationInputSchema.nullable(),
  }),
});
export type AdminNewsArticle = z.infer<typeof adminNewsArticleSchema>;

/**
 * GET /api/admin/news. `source` is `contentful` when the server reads news from Contentful: then
 * the list is empty and every write answers 409 `news_in_contentful`.
 */
export const adminNewsListSchema = z.object({
  source: z.enum(['database', 'contentful']),
  articles: z.array(adminNewsSummarySchema),
});
export type AdminNewsList = z.infer<typeof adminNewsListSchema>;

/** POST /api/admin/news/preview: the editor's unsaved text, answered as players would get it. */
export const newsPreviewInputSchema = z.object({
  locale: newsLocaleSchema,
  slug: newsSlugSchema.optional(),
  headerAssetId: assetId.nullable().default(null),
  publishAt: isoDate.nullable().default(null),
  translation: newsTranslationInputSchema,
});
export type NewsPreviewInput = z.input<typeof newsPreviewInputSchema>;
export const newsPreviewSchema = newsEntrySchema;
