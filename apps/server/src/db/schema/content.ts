import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Binary assets (news header images) of the built-in content service. */
export const assets = pgTable('assets', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  width: integer('width'),
  height: integer('height'),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const news = pgTable(
  'news',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    headerAssetId: uuid('header_asset_id').references(() => assets.id, { onDelete: 'set null' }),
    /**
     * draft (never public yet), published (public from published_at on), unpublished (taken
     * down). Players see an article only while it is published and its date has come.
     */
    status: text('status', { enum: ['draft', 'published', 'unpublished'] })
      .notNull()
      .default('published'),
    /** The publish date; null for a draft that has none yet. */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    /** When the "new article" push was enqueued: it fires once, the first time it is public. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_published_at_idx').on(t.publishedAt)],
);

export const newsTranslations = pgTable(
  'news_translations',
  {
    newsId: uuid('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: ['de', 'en'] }).notNull(),
    title: text('title').notNull(),
    abstract: text('abstract').notNull(),
    // Rich text document (Contentful-compatible JSON), parsed from `markdown`.
    content: jsonb('content').notNull(),
    /** The editor's CommonMark source of `content`; null for articles stored before it was kept. */
    markdown: text('markdown'),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.locale] })],
);
