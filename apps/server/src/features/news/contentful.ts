import { createClient, type Asset, type EntryFieldTypes } from 'contentful';
import type { NewsAsset, NewsEntry, NewsList, NewsLocale } from '@arcadia/contracts';
import type { ContentfulConfig } from '../../config';
import { notFound, unavailable } from '../../plugins/errors';
import { richTextFromContentful } from './contentful-rich-text';

/**
 * The news from Contentful's Content Delivery API (the original product's content service),
 * through the official SDK, when CONTENTFUL_SPACE_ID and CONTENTFUL_ACCESS_TOKEN are set.
 *
 * Content model (docs/operator-console.md): content type `news` with the fields `slug` (Symbol),
 * `title` (Symbol), `abstract` (Text), `content` (Rich text) and `header` (media, an image);
 * the space's locales `de` (default) and `en`, or the codes CONTENTFUL_LOCALES names. The
 * article's date is its `sys.createdAt`.
 *
 * Answers are cached per locale (list) and per slug and locale (article) for `ttlMs` (60 s), and
 * one request at a time is made per key. When Contentful fails, the last answer is served
 * however old; without one the route answers 503.
 */
export const NEWS_CONTENT_TYPE = 'news';
export const CONTENTFUL_CACHE_TTL_MS = 60_000;

interface NewsSkeleton {
  contentTypeId: typeof NEWS_CONTENT_TYPE;
  fields: {
    slug: EntryFieldTypes.Symbol;
    title: EntryFieldTypes.Symbol;
    abstract: EntryFieldTypes.Text;
    content: EntryFieldTypes.RichText;
    header: EntryFieldTypes.AssetLink;
  };
}

interface Cached<T> {
  value: T;
  fetchedAt: number;
}

export interface ContentfulNewsOptions {
  ttlMs?: number;
  now?: () => number;
  /** Told when Contentful failed and a stale answer was served. */
  onStale?: (error: unknown) => void;
}

export class ContentfulNews {
  private readonly client;
  private readonly cache = new Map<string, Cached<unknown>>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly locales: Record<NewsLocale, string>;

  constructor(
    config: ContentfulConfig,
    private readonly options: ContentfulNewsOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? CONTENTFUL_CACHE_TTL_MS;
    this.now = options.now ?? Date.now;
    this.locales = config.locales;
    this.client = createClient({
      space: config.spaceId,
      accessToken: config.accessToken,
      environment: config.environment,
      host: config.host,
      insecure: config.insecure,
      timeout: 10_000,
      // The cache serves the last answer while Contentful fails: no retries piling up behind it.
      retryOnError: false,
    }).withoutUnresolvableLinks;
  }

  /** Every article in the locale (German when missing there), newest first. */
  list(locale: NewsLocale): Promise<NewsList> {
    return this.cached(`list:${locale}`, async () => {
      const entries = await this.client.getEntries<NewsSkeleton, string>({
        content_type: NEWS_CONTENT_TYPE,
        locale: this.locales[locale],
        order: ['-sys.createdAt'],
        include: 1,
        limit: 100,
      });
      const items = entries.items
        .map((item) => toEntry(item, locale))
        .filter((e): e is NewsEntry => e !== undefined);
      return { total: items.length, items };
    });
  }

  /** The article with this slug; 404 when Contentful has none. */
  async entry(slug: string, locale: NewsLocale): Promise<NewsEntry> {
    const entry = await this.cached(`entry:${locale}:${slug}`, async () => {
      const entries = await this.client.getEntries<NewsSkeleton, string>({
        content_type: NEWS_CONTENT_TYPE,
        'fields.slug': slug,
        locale: this.locales[locale],
        include: 1,
        limit: 1,
      });
      const [item] = entries.items;
      return (item && toEntry(item, locale)) ?? null;
    });
    if (!entry) throw notFound(`There is no news article "${slug}"`);
    return entry;
  }

  private async cached<T>(key: string, fetch: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key) as Cached<T> | undefined;
    if (hit && this.now() - hit.fetchedAt < this.ttlMs) return hit.value;
    let pending = this.inFlight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = fetch()
        .then((value) => {
          this.cache.set(key, { value, fetchedAt: this.now() });
          return value;
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    try {
      return await pending;
    } catch (error) {
      if (hit) {
        this.options.onStale?.(error);
        return hit.value;
      }
      throw unavailable('news_unavailable', 'The news cannot be read from Contentful now', 30);
    }
  }
}

/** An entry the SDK resolved (links to included assets replaced by them). */
interface ResolvedEntry {
  sys: { id: string; createdAt: string };
  fields: {
    slug?: string;
    title?: string;
    abstract?: string;
    content?: unknown;
    header?: Asset<undefined, string> | undefined;
  };
}

/** An entry in our contract's shape; undefined without slug or title (an unfinished entry). */
function toEntry(item: ResolvedEntry, locale: NewsLocale): NewsEntry | undefined {
  const { slug, title, abstract, content, header } = item.fields;
  if (!slug || !title) return undefined;
  const asset = header ? toAsset(header, title) : undefined;
  return {
    sys: { id: item.sys.id, createdAt: item.sys.createdAt, locale },
    fields: {
      slug,
      title,
      abstract: abstract ?? '',
      content: richTextFromContentful(content),
      ...(asset ? { header: asset } : {}),
    },
  };
}

/**
 * The header as an asset whose URL is Contentful's image API over https
 * (`https://images.ctfassets.net/…`); clients append the spec's parameters
 * (fm=jpg&fl=progressive&q=50&w=1000), which that API understands as ours does.
 */
function toAsset(asset: Asset<undefined, string>, title: string): NewsAsset | undefined {
  const file = asset.fields.file;
  if (!file?.url) return undefined;
  const url = file.url.startsWith('//') ? `https:${file.url}` : file.url;
  if (!/^https:\/\//.test(url)) return undefined;
  return {
    sys: { id: asset.sys.id },
    fields: {
      title: asset.fields.title ?? title,
      file: {
        url,
        fileName: file.fileName ?? '',
        contentType: file.contentType ?? '',
        details: {
          size: file.details?.size ?? 0,
          image: {
            width: file.details?.image?.width ?? 0,
            height: file.details?.image?.height ?? 0,
          },
        },
      },
    },
  };
}
