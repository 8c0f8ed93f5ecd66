import { z } from 'zod';

/**
 * The built-in content service answers in the shape of a headless CMS (Contentful) entries list,
 * so the news item of spec §3 reads fields.slug, title, abstract, content (rich text) and header
 * (an asset with fields.file.url).
 */
export const NEWS_LOCALES = ['de', 'en'] as const;
export const newsLocaleSchema = z.enum(NEWS_LOCALES, { message: 'locale must be de or en' });
export type NewsLocale = z.infer<typeof newsLocaleSchema>;
export const NEWS_DEFAULT_LOCALE: NewsLocale = 'de';

export const NEWS_SLUG_MAX = 80;
export const newsSlugSchema = z
  .string()
  .max(NEWS_SLUG_MAX, { message: `slug must be at most ${NEWS_SLUG_MAX} characters` })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    message: 'slug may contain lower-case letters, digits and single dashes only',
  });

export const newsQuerySchema = z.object({
  locale: newsLocaleSchema.default(NEWS_DEFAULT_LOCALE),
});
export const newsSlugParamsSchema = z.object({ slug: newsSlugSchema });

// ---- Rich text (the subset of Contentful's document model the news use) ----

export const richTextMarkSchema = z.object({
  type: z.enum(['bold', 'italic', 'underline', 'code']),
});
const emptyData = z.object({}).strict();

export const richTextTextSchema = z.object({
  nodeType: z.literal('text'),
  value: z.string(),
  marks: z.array(richTextMarkSchema),
  data: emptyData,
});

/** Links only to the web (http/https), to our own paths, or to a mail address: never script. */
export const safeUriSchema = z
  .string()
  .max(2048)
  .regex(/^(https?:\/\/[^\s]+|\/(?![/\\])[^\s]*|mailto:[^\s]+)$/i, {
    message: 'uri must be an http(s) URL, an absolute path or a mailto: address',
  });

export const richTextHyperlinkSchema = z.object({
  nodeType: z.literal('hyperlink'),
  data: z.object({ uri: safeUriSchema }),
  content: z.array(richTextTextSchema),
});
const inlines = z.array(
  z.discriminatedUnion('nodeType', [richTextTextSchema, richTextHyperlinkSchema]),
);

const HEADINGS = [
  'heading-1',
  'heading-2',
  'heading-3',
  'heading-4',
  'heading-5',
  'heading-6',
] as const;
export const richTextParagraphSchema = z.object({
  nodeType: z.literal('paragraph'),
  data: emptyData,
  content: inlines,
});
export const richTextHeadingSchema = z.object({
  nodeType: z.enum(HEADINGS),
  data: emptyData,
  content: inlines,
});
export const richTextListItemSchema = z.object({
  nodeType: z.literal('list-item'),
  data: emptyData,
  content: z.array(richTextParagraphSchema),
});
export const richTextListSchema = z.object({
  nodeType: z.enum(['unordered-list', 'ordered-list']),
  data: emptyData,
  content: z.array(richTextListItemSchema),
});
export const richTextQuoteSchema = z.object({
  nodeType: z.literal('blockquote'),
  data: emptyData,
  content: z.array(richTextParagraphSchema),
});
export const richTextRuleSchema = z.object({
  nodeType: z.literal('hr'),
  data: emptyData,
  content: z.array(z.never()),
});
export const richTextBlockSchema = z.union([
  richTextParagraphSchema,
  richTextHeadingSchema,
  richTextListSchema,
  richTextQuoteSchema,
  richTextRuleSchema,
]);
export const richTextDocumentSchema = z.object({
  nodeType: z.literal('document'),
  data: emptyData,
  content: z.array(richTextBlockSchema),
});
export type RichTextText = z.infer<typeof richTextTextSchema>;
export type RichTextInline = z.infer<typeof inlines>[number];
export type RichTextBlock = z.infer<typeof richTextBlockSchema>;
export type RichTextDocument = z.infer<typeof richTextDocumentSchema>;

// ---- Entries ----

/**
 * An asset (the header image); file.url is a path on our own origin, or with Contentful an
 * https URL of its image API. Either way the client appends the image parameters (newsImageUrl).
 */
export const newsAssetSchema = z.object({
  // Our assets have UUIDs; Contentful's ids are shorter strings.
  sys: z.object({ id: z.string().min(1) }),
  fields: z.object({
    title: z.string(),
    file: z.object({
      url: z.string(),
      fileName: z.string(),
      contentType: z.string(),
      details: z.object({
        size: z.number().int(),
        image: z.object({ width: z.number().int(), height: z.number().int() }),
      }),
    }),
  }),
});
export type NewsAsset = z.infer<typeof newsAssetSchema>;

export const newsEntrySchema = z.object({
  sys: z.object({
    id: z.string().min(1),
    createdAt: z.string(),
    /** The locale this entry is in: the one asked for, or German when no translation exists. */
    locale: newsLocaleSchema,
  }),
  fields: z.object({
    slug: z.string(),
    title: z.string(),
    abstract: z.string(),
    content: richTextDocumentSchema,
    header: newsAssetSchema.optional(),
  }),
});
export type NewsEntry = z.infer<typeof newsEntrySchema>;

export const newsListSchema = z.object({
  total: z.number().int(),
  items: z.array(newsEntrySchema),
});
export type NewsList = z.infer<typeof newsListSchema>;

// ---- The image transform (spec §9: jpg, progressive, quality 50, width 1000) ----

export const NEWS_IMAGE_PARAMS = { fm: 'jpg', fl: 'progressive', q: 50, w: 1000 } as const;
export const IMAGE_WIDTH_MIN = 16;
export const IMAGE_WIDTH_MAX = 2000;

const intParam = (name: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int({ message: `${name} must be a whole number` })
    .min(min, { message: `${name} must be between ${min} and ${max}` })
    .max(max, { message: `${name} must be between ${min} and ${max}` });

export const imageQuerySchema = z
  .object({
    fm: z.enum(['jpg', 'png', 'webp'], { message: 'fm must be jpg, png or webp' }).optional(),
    fl: z.literal('progressive', { message: 'fl must be progressive' }).optional(),
    q: intParam('q', 1, 100).optional(),
    w: intParam('w', IMAGE_WIDTH_MIN, IMAGE_WIDTH_MAX).optional(),
  })
  .refine((query) => !query.fl || !query.fm || query.fm === 'jpg', {
    message: 'fl=progressive needs fm=jpg',
    path: ['fl'],
  });
export type ImageQuery = z.infer<typeof imageQuerySchema>;

export const assetParamsSchema = z.object({
  id: z.uuid({ message: 'id must be an asset id' }).toLowerCase(),
  fileName: z.string().max(200),
});

/** The spec's request for a header image: `${url}?fm=jpg&fl=progressive&q=50&w=1000`. */
export function newsImageUrl(url: string, width: number = NEWS_IMAGE_PARAMS.w): string {
  const { fm, fl, q } = NEWS_IMAGE_PARAMS;
  return `${url}?fm=${fm}&fl=${fl}&q=${q}&w=${width}`;
}
