import {
  richTextDocumentSchema,
  type NewsAsset,
  type NewsEntry,
  type NewsLocale,
} from '@arcadia/contracts';
import type { AssetMeta, NewsRow, TranslationRow } from './repository';
import { assetUrl } from './stored-images';

function toAsset(asset: AssetMeta, title: string): NewsAsset {
  return {
    sys: { id: asset.id },
    fields: {
      title,
      file: {
        url: assetUrl(asset),
        fileName: asset.fileName,
        contentType: asset.contentType,
        details: {
          size: asset.size,
          image: { width: asset.width ?? 0, height: asset.height ?? 0 },
        },
      },
    },
  };
}

/**
 * One entry in the CMS shape, in the wanted locale or in German when that translation is
 * missing; undefined for an article without any usable translation.
 */
export function toEntry(
  row: NewsRow,
  translations: TranslationRow[],
  locale: NewsLocale,
): NewsEntry | undefined {
  const own = translations.filter((t) => t.newsId === row.id);
  const chosen = own.find((t) => t.locale === locale) ?? own.find((t) => t.locale === 'de');
  if (!chosen) return undefined;
  const content = richTextDocumentSchema.parse(chosen.content);
  return {
    // A draft without a date is previewed as if published now.
    sys: {
      id: row.id,
      createdAt: (row.publishedAt ?? new Date()).toISOString(),
      locale: chosen.locale,
    },
    fields: {
      slug: row.slug,
      title: chosen.title,
      abstract: chosen.abstract,
      content,
      ...(row.header ? { header: toAsset(row.header, chosen.title) } : {}),
    },
  };
}
