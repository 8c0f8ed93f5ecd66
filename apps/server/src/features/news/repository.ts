import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { NewsLocale, RichTextDocument } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { assets, news, newsTranslations } from '../../db/schema';

/** Asset metadata without the bytes (lists never load image data). */
export interface AssetMeta {
  id: string;
  fileName: string;
  contentType: string;
  width: number | null;
  height: number | null;
  size: number;
}

export interface NewsRow {
  id: string;
  slug: string;
  /** Null only for a draft without a date (never public). */
  publishedAt: Date | null;
  header: AssetMeta | null;
}

export interface TranslationRow {
  newsId: string;
  locale: NewsLocale;
  title: string;
  abstract: string;
  content: unknown;
}

const assetMeta = {
  id: assets.id,
  fileName: assets.fileName,
  contentType: assets.contentType,
  width: assets.width,
  height: assets.height,
  size: sql<number>`octet_length(${assets.data})::int`,
};

function selectNews(db: Queryable) {
  return db
    .select({ id: news.id, slug: news.slug, publishedAt: news.publishedAt, header: assetMeta })
    .from(news)
    .leftJoin(assets, eq(assets.id, news.headerAssetId));
}

/** What players see: published, and the publish date has come. */
export const isLive = (): SQL =>
  sql`(${news.status} = 'published' and ${news.publishedAt} <= now())`;

/** The articles players see (every article for `all`), newest first. */
export async function listNews(db: Queryable, which: 'live' | 'all' = 'live'): Promise<NewsRow[]> {
  const rows = await selectNews(db)
    .where(which === 'live' ? isLive() : undefined)
    .orderBy(desc(news.publishedAt), desc(news.createdAt));
  return rows.map(withHeader);
}

/** The article with this slug, if players see it (any article for `all`). */
export async function findNewsBySlug(
  db: Queryable,
  slug: string,
  which: 'live' | 'all' = 'live',
): Promise<NewsRow | undefined> {
  const [row] = await selectNews(db).where(
    and(eq(news.slug, slug), which === 'live' ? isLive() : undefined),
  );
  return row ? withHeader(row) : undefined;
}

function withHeader(row: { id: string; slug: string; publishedAt: Date | null; header: unknown }) {
  const header = row.header as AssetMeta | null;
  return { ...row, header: header?.id ? { ...header, size: Number(header.size) } : null };
}

/** The translations of the given articles in the wanted locale and in German (the fallback). */
export async function translationsOf(
  db: Queryable,
  newsIds: string[],
  locale: NewsLocale,
): Promise<TranslationRow[]> {
  if (newsIds.length === 0) return [];
  return db
    .select()
    .from(newsTranslations)
    .where(
      sql`${inArray(newsTranslations.newsId, newsIds)} and ${inArray(newsTranslations.locale, [locale, 'de'])}`,
    );
}

export async function findAssetMeta(db: Queryable, id: string): Promise<AssetMeta | undefined> {
  const [row] = await db.select(assetMeta).from(assets).where(eq(assets.id, id));
  return row ? { ...row, size: Number(row.size) } : undefined;
}

export async function assetData(db: Queryable, id: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ data: assets.data }).from(assets).where(eq(assets.id, id));
  return row?.data;
}

export async function insertAsset(
  db: Queryable,
  asset: {
    fileName: string;
    contentType: string;
    width?: number | null;
    height?: number | null;
    data: Buffer;
  },
): Promise<string> {
  const [row] = await db.insert(assets).values(asset).returning({ id: assets.id });
  return row!.id;
}

export interface NewTranslation {
  locale: NewsLocale;
  title: string;
  abstract: string;
  content: RichTextDocument;
  /** The CommonMark source of `content`, when it was written in Markdown. */
  markdown?: string | null;
}

/** Inserts the article; undefined when the slug is taken (never two rows). */
export async function insertNews(
  db: Queryable,
  article: {
    slug: string;
    headerAssetId: string | null;
    publishedAt?: Date;
    /** Set when the "new article" push is enqueued with it. */
    notifiedAt?: Date | null;
    translations: NewTranslation[];
  },
): Promise<{ id: string; publishedAt: Date | null } | undefined> {
  const [row] = await db
    .insert(news)
    .values({
      slug: article.slug,
      headerAssetId: article.headerAssetId,
      notifiedAt: article.notifiedAt ?? null,
      ...(article.publishedAt ? { publishedAt: article.publishedAt } : {}),
    })
    .onConflictDoNothing({ target: news.slug })
    .returning({ id: news.id, publishedAt: news.publishedAt });
  if (!row) return undefined;
  await db
    .insert(newsTranslations)
    .values(article.translations.map((t) => ({ ...t, newsId: row.id })));
  return row;
}

/** Deletes the article and its header asset; false when there was none. */
/** Deletes an article and its header image; the deleted article's id and date, if there was one. */
export async function deleteNews(
  db: Queryable,
  slug: string,
): Promise<{ id: string; publishedAt: Date | null } | undefined> {
  const [row] = await db
    .delete(news)
    .where(eq(news.slug, slug))
    .returning({ id: news.id, publishedAt: news.publishedAt, headerAssetId: news.headerAssetId });
  if (!row) return undefined;
  if (row.headerAssetId) await db.delete(assets).where(eq(assets.id, row.headerAssetId));
  return { id: row.id, publishedAt: row.publishedAt };
}
