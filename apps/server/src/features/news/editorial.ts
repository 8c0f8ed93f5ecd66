import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  richTextDocumentSchema,
  type AdminNewsArticle,
  type AdminNewsSummary,
  type NewsEntry,
  type NewsLocale,
  type newsArticleInputSchema,
  type newsPreviewInputSchema,
  type NewsTranslationInput,
} from '@arcadia/contracts';
import type { Db, Queryable, Tx } from '../../db/client';
import { assets, news, newsTranslations } from '../../db/schema';
import type { AppEventBus } from '../../events/map';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { markdownFromRichText, richTextFromMarkdown } from './markdown';
import { toEntry } from './presenter';
import { findAssetMeta, isLive, type AssetMeta } from './repository';
import { assetUrl } from './stored-images';

/**
 * The editor's side of the news (the operator console, features/admin/news.ts): every article
 * whatever its status, both languages with their Markdown, and the changes. Each change takes
 * the caller's transaction, so the console's audit entry commits with it.
 */

type ArticleInput = z.output<typeof newsArticleInputSchema>;
type PreviewInput = z.output<typeof newsPreviewInputSchema>;

const editorialColumns = {
  id: news.id,
  slug: news.slug,
  status: news.status,
  publishedAt: news.publishedAt,
  notifiedAt: news.notifiedAt,
  updatedAt: news.updatedAt,
  headerAssetId: news.headerAssetId,
  headerFileName: assets.fileName,
  live: sql<boolean>`coalesce(${isLive()}, false)`.mapWith(Boolean),
};

type EditorialRow = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(db: Queryable, id?: string) {
  return db
    .select(editorialColumns)
    .from(news)
    .leftJoin(assets, eq(assets.id, news.headerAssetId))
    .where(id ? eq(news.id, id) : undefined)
    .orderBy(sql`${news.publishedAt} desc nulls first`, desc(news.createdAt));
}

async function translationsOfAll(db: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(newsTranslations).where(inArray(newsTranslations.newsId, ids));
}
type TranslationRecord = Awaited<ReturnType<typeof translationsOfAll>>[number];

function toSummary(row: EditorialRow, translations: TranslationRecord[]): AdminNewsSummary {
  const own = translations.filter((t) => t.newsId === row.id);
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    publishAt: row.publishedAt?.toISOString() ?? null,
    live: Boolean(row.live),
    notifiedAt: row.notifiedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    titles: {
      de: own.find((t) => t.locale === 'de')?.title ?? '',
      en: own.find((t) => t.locale === 'en')?.title ?? null,
    },
    headerUrl:
      row.headerAssetId && row.headerFileName
        ? assetUrl({ id: row.headerAssetId, fileName: row.headerFileName })
        : null,
  };
}

function toInput(t: TranslationRecord | undefined): NewsTranslationInput | null {
  if (!t) return null;
  return {
    title: t.title,
    abstract: t.abstract,
    // Articles stored before the source was kept get Markdown written from their document.
    markdown: t.markdown ?? markdownFromRichText(richTextDocumentSchema.parse(t.content)),
  };
}

/** Every article, undated drafts first, then newest first. */
export async function editorialList(db: Queryable): Promise<AdminNewsSummary[]> {
  const rows = await selectRows(db);
  const translations = await translationsOfAll(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toSummary(row, translations));
}

/** One article with both languages' Markdown; 404 when there is none. */
export async function editorialArticle(db: Queryable, id: string): Promise<AdminNewsArticle> {
  const [row] = await selectRows(db, id);
  if (!row) throw notFound('There is no such article');
  const translations = await translationsOfAll(db, [id]);
  const de = toInput(translations.find((t) => t.locale === 'de'));
  return {
    ...toSummary(row, translations),
    headerAssetId: row.headerAssetId,
    translations: {
      de: de ?? { title: '', abstract: '', markdown: '' },
      en: toInput(translations.find((t) => t.locale === 'en')),
    },
  };
}

async function checkHeader(db: Queryable, headerAssetId: string | null): Promise<void> {
  if (headerAssetId && !(await findAssetMeta(db, headerAssetId)))
    throw badRequest('There is no such image', [
      { path: 'headerAssetId', message: 'is not an uploaded asset' },
    ]);
}

async function slugTaken(tx: Tx, slug: string, except?: string): Promise<void> {
  const [other] = await tx.select({ id: news.id }).from(news).where(eq(news.slug, slug));
  if (other && other.id !== except) throw conflict(`The slug "${slug}" is already taken`);
}

async function writeTranslations(tx: Tx, id: string, input: ArticleInput): Promise<void> {
  await tx.delete(newsTranslations).where(eq(newsTranslations.newsId, id));
  const entries = Object.entries(input.translations).filter(
    (e): e is [NewsLocale, NewsTranslationInput] => e[1] !== null,
  );
  await tx.insert(newsTranslations).values(
    entries.map(([locale, t]) => ({
      newsId: id,
      locale,
      title: t.title,
      abstract: t.abstract,
      markdown: t.markdown,
      content: richTextFromMarkdown(t.markdown),
    })),
  );
}

/** A new draft; 409 when the slug is taken. */
export async function createArticle(tx: Tx, input: ArticleInput): Promise<AdminNewsArticle> {
  await checkHeader(tx, input.headerAssetId);
  await slugTaken(tx, input.slug);
  const [row] = await tx
    .insert(news)
    .values({
      slug: input.slug,
      status: 'draft',
      headerAssetId: input.headerAssetId,
      publishedAt: input.publishAt ? new Date(input.publishAt) : null,
    })
    .returning({ id: news.id });
  await writeTranslations(tx, row!.id, input);
  return editorialArticle(tx, row!.id);
}

/** Replaces slug, header, date and texts; the status stays (a live article changes at once). */
export async function updateArticle(
  tx: Tx,
  events: AppEventBus,
  id: string,
  input: ArticleInput,
): Promise<{ before: AdminNewsArticle; after: AdminNewsArticle }> {
  const before = await editorialArticle(tx, id);
  await checkHeader(tx, input.headerAssetId);
  await slugTaken(tx, input.slug, id);
  await tx
    .update(news)
    .set({
      slug: input.slug,
      headerAssetId: input.headerAssetId,
      publishedAt: input.publishAt ? new Date(input.publishAt) : null,
      updatedAt: new Date(),
    })
    .where(eq(news.id, id));
  // A published article keeps a date: without one it would leave the players' list.
  if (before.status === 'published' && !input.publishAt) {
    await tx
      .update(news)
      .set({ publishedAt: sql`now()` })
      .where(eq(news.id, id));
  }
  await writeTranslations(tx, id, input);
  await announceDue(tx, events, id);
  return { before, after: await editorialArticle(tx, id) };
}

/**
 * Publishes: live from `publishAt` (else the article's own date, else now). An article whose
 * date has come is announced (push) in this transaction, once in its life.
 */
export async function publishArticle(
  tx: Tx,
  events: AppEventBus,
  id: string,
  publishAt: Date | undefined,
): Promise<{ before: AdminNewsArticle; after: AdminNewsArticle }> {
  const before = await editorialArticle(tx, id);
  await tx
    .update(news)
    .set({
      status: 'published',
      publishedAt: publishAt ?? (before.publishAt ? new Date(before.publishAt) : sql`now()`),
      updatedAt: new Date(),
    })
    .where(eq(news.id, id));
  await announceDue(tx, events, id);
  return { before, after: await editorialArticle(tx, id) };
}

/** Takes the article down; publishing it again does not announce it again. */
export async function unpublishArticle(
  tx: Tx,
  id: string,
): Promise<{ before: AdminNewsArticle; after: AdminNewsArticle }> {
  const before = await editorialArticle(tx, id);
  await tx
    .update(news)
    .set({ status: 'unpublished', updatedAt: new Date() })
    .where(eq(news.id, id));
  return { before, after: await editorialArticle(tx, id) };
}

/**
 * Deletes the article and its translations. The header asset stays: an uploaded asset may be
 * used elsewhere (an arcade's logo), and its URL may be cached by clients.
 */
export async function deleteArticle(tx: Tx, id: string): Promise<AdminNewsArticle> {
  const before = await editorialArticle(tx, id);
  await tx.delete(news).where(eq(news.id, id));
  return before;
}

/**
 * Announces (emits 'news.published', whose handler enqueues the push) every article that is
 * live and was never announced, or just the given one; marks it announced in the same statement,
 * so two processes never announce one article twice.
 */
async function announceDue(tx: Tx, events: AppEventBus, id?: string): Promise<number> {
  const due = await tx
    .update(news)
    .set({ notifiedAt: sql`now()` })
    .where(and(isNull(news.notifiedAt), isLive(), id ? eq(news.id, id) : undefined))
    .returning({ id: news.id, slug: news.slug });
  if (due.length === 0) return 0;
  const translations = await translationsOfAll(
    tx,
    due.map((d) => d.id),
  );
  for (const article of due) {
    const title = (locale: NewsLocale) =>
      translations.find((t) => t.newsId === article.id && t.locale === locale)?.title;
    await events.emit('news.published', tx, {
      id: article.id,
      slug: article.slug,
      titles: { de: title('de') ?? article.slug, en: title('en') },
    });
  }
  return due.length;
}

/** Announces the articles whose publish date has come since the last call (the news ticker). */
export async function releaseDueNews(db: Db, events: AppEventBus): Promise<number> {
  return db.transaction((tx) => announceDue(tx, events));
}

/** The editor's unsaved text as players would get it: the same parser and presenter. */
export async function previewEntry(db: Queryable, input: PreviewInput): Promise<NewsEntry> {
  let header: AssetMeta | null = null;
  if (input.headerAssetId) {
    header = (await findAssetMeta(db, input.headerAssetId)) ?? null;
    if (!header) await checkHeader(db, input.headerAssetId);
  }
  const id = '00000000-0000-4000-8000-000000000000';
  const entry = toEntry(
    {
      id,
      slug: input.slug ?? 'preview',
      publishedAt: input.publishAt ? new Date(input.publishAt) : null,
      header,
    },
    [
      {
        newsId: id,
        locale: input.locale,
        title: input.translation.title,
        abstract: input.translation.abstract,
        content: richTextFromMarkdown(input.translation.markdown),
      },
    ],
    input.locale,
  );
  // toEntry answers undefined only without a translation, and one is given.
  return entry!;
}
