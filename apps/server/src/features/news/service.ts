import { newsSlugSchema, type NewsEntry, type NewsList, type NewsLocale } from '@arcadia/contracts';
import type { Db, Tx } from '../../db/client';
import type { AppEventBus } from '../../events/map';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { normalizeImage } from './images';
import { toEntry } from './presenter';
import {
  findNewsBySlug,
  insertAsset,
  insertNews,
  listNews,
  translationsOf,
  type NewTranslation,
} from './repository';

export async function newsList(db: Db, locale: NewsLocale): Promise<NewsList> {
  const rows = await listNews(db);
  const translations = await translationsOf(
    db,
    rows.map((r) => r.id),
    locale,
  );
  const items = rows
    .map((row) => toEntry(row, translations, locale))
    .filter((entry): entry is NewsEntry => entry !== undefined);
  return { total: items.length, items };
}

export async function newsEntry(db: Db, slug: string, locale: NewsLocale): Promise<NewsEntry> {
  const row = await findNewsBySlug(db, slug);
  const entry = row && toEntry(row, await translationsOf(db, [row.id], locale), locale);
  if (!entry) throw notFound(`There is no news article "${slug}"`);
  return entry;
}

export interface PublishInput {
  slug: string;
  /** German is required; English is optional (readers then get the German text). */
  translations: { de: Omit<NewTranslation, 'locale'>; en?: Omit<NewTranslation, 'locale'> };
  /** The header image's bytes (jpeg, png, webp or anything sharp reads) and a base name. */
  header?: { data: Buffer; name: string };
  publishedAt?: Date;
}

/**
 * Publishes an article with its header image in one transaction; the handlers of
 * 'news.published' (the "new article" push notification) run in it too, so either all of it is
 * there or none.
 */
export async function publishNews(
  db: Db,
  events: AppEventBus,
  input: PublishInput,
  /** Runs in the publishing transaction (the admin CLI's audit entry). */
  onPublished?: (
    tx: Tx,
    article: { id: string; slug: string; publishedAt: Date | null },
  ) => Promise<void>,
) {
  const slug = newsSlugSchema.safeParse(input.slug);
  if (!slug.success) {
    throw badRequest('Invalid slug', [
      { path: 'slug', message: slug.error.issues[0]?.message ?? 'is invalid' },
    ]);
  }
  const issues = Object.entries(input.translations).flatMap(([locale, t]) =>
    (['title', 'abstract'] as const)
      .filter((key) => !t[key].trim())
      .map((key) => ({ path: `${key}-${locale}`, message: `${key} must not be empty` })),
  );
  if (issues.length > 0) throw badRequest('Missing text', issues);

  const header = input.header ? await normalizeImage(input.header.data, input.header.name) : null;
  const translations: NewTranslation[] = [{ locale: 'de', ...input.translations.de }];
  if (input.translations.en) translations.push({ locale: 'en', ...input.translations.en });

  // A date to come: the article goes live then, and releaseDueNews announces it.
  const due = !input.publishedAt || input.publishedAt.getTime() <= Date.now();
  return db.transaction(async (tx) => {
    const headerAssetId = header ? await insertAsset(tx, header) : null;
    const row = await insertNews(tx, {
      slug: slug.data,
      headerAssetId,
      translations,
      notifiedAt: due ? new Date() : null,
      ...(input.publishedAt ? { publishedAt: input.publishedAt } : {}),
    });
    if (!row) throw conflict(`The slug "${slug.data}" is already taken`);
    const article = {
      id: row.id,
      slug: slug.data,
      titles: { de: input.translations.de.title, en: input.translations.en?.title },
    };
    if (due) await events.emit('news.published', tx, article);
    await onPublished?.(tx, { id: row.id, slug: slug.data, publishedAt: row.publishedAt });
    return { ...article, publishedAt: row.publishedAt, headerAssetId };
  });
}
