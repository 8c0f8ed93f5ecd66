import fs from 'node:fs/promises';
import path from 'node:path';
import type { FieldIssue } from '@arcadia/contracts';
import { deleteNews, listNews, translationsOf } from '../../features/news/repository';
import { richTextFromMarkdown } from '../../features/news/markdown';
import { publishNews } from '../../features/news/service';
import { AppError } from '../../plugins/errors';
import { neonArtJpeg, themeFor } from '../../seed/news-art';
import { recordAudit } from '../../features/admin/audit';
import { CLI_ACTOR, parseAction, type AdminCommand, type AdminContext } from '../command';

const options = {
  slug: { type: 'string' },
  'title-de': { type: 'string' },
  'abstract-de': { type: 'string' },
  'body-de': { type: 'string' },
  'body-de-file': { type: 'string' },
  'title-en': { type: 'string' },
  'abstract-en': { type: 'string' },
  'body-en': { type: 'string' },
  'body-en-file': { type: 'string' },
  image: { type: 'string' },
} as const;

type Values = Partial<Record<keyof typeof options, string>>;

/** Paths are relative to where `npm run admin` was typed. */
const resolve = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

async function body(values: Values, locale: 'de' | 'en'): Promise<string | undefined> {
  const file = values[`body-${locale}-file`];
  if (file) return fs.readFile(resolve(file), 'utf8');
  // A literal "\n" typed in a shell means a line break.
  return values[`body-${locale}`]?.replaceAll('\\n', '\n');
}

async function publish(values: Values, ctx: AdminContext): Promise<number> {
  const missing: FieldIssue[] = [];
  const need = (key: keyof Values) => {
    if (!values[key]?.trim()) missing.push({ path: `--${key}`, message: 'is required' });
  };
  need('slug');
  need('title-de');
  need('abstract-de');
  if (!values['body-de'] && !values['body-de-file'])
    missing.push({ path: '--body-de', message: 'is required (or --body-de-file)' });
  const english = ['title-en', 'abstract-en', 'body-en', 'body-en-file'].some(
    (key) => values[key as keyof Values],
  );
  if (english) {
    need('title-en');
    need('abstract-en');
    if (!values['body-en'] && !values['body-en-file'])
      missing.push({
        path: '--body-en',
        message: 'is required with --title-en (or --body-en-file)',
      });
  }
  if (missing.length > 0) {
    for (const issue of missing) ctx.out(`${issue.path} ${issue.message}`);
    return 2;
  }
  const slug = values.slug!;
  const markdownDe = (await body(values, 'de')) ?? '';
  const de = {
    title: values['title-de']!.trim(),
    abstract: values['abstract-de']!.trim(),
    content: richTextFromMarkdown(markdownDe),
    markdown: markdownDe,
  };
  const markdownEn = english ? ((await body(values, 'en')) ?? '') : '';
  const en = english
    ? {
        title: values['title-en']!.trim(),
        abstract: values['abstract-en']!.trim(),
        content: richTextFromMarkdown(markdownEn),
        markdown: markdownEn,
      }
    : undefined;
  const header = values.image
    ? { data: await fs.readFile(resolve(values.image)), name: path.basename(values.image) }
    : { data: await neonArtJpeg(themeFor(slug), slug.length), name: slug };

  // The "new article" notification is enqueued in the publishing transaction.
  const article = await publishNews(
    ctx.db,
    ctx.events,
    { slug, translations: { de, ...(en ? { en } : {}) }, header },
    (tx, stored) =>
      recordAudit(tx, CLI_ACTOR, {
        action: 'news.create',
        targetType: 'news',
        targetId: stored.id,
        after: {
          slug: stored.slug,
          titles: { de: de.title, en: en?.title ?? null },
          publishedAt: stored.publishedAt,
        },
      }),
  );
  ctx.out(`published "${de.title}" at ${ctx.config.publicUrl}/news/${article.slug}`);
  return 0;
}

async function list(ctx: AdminContext): Promise<number> {
  const rows = await listNews(ctx.db, 'all');
  const translations = await translationsOf(
    ctx.db,
    rows.map((r) => r.id),
    'en',
  );
  if (rows.length === 0) ctx.out('no news yet');
  for (const row of rows) {
    const own = translations.filter((t) => t.newsId === row.id);
    const title = own.find((t) => t.locale === 'de')?.title ?? '';
    const locales = own
      .map((t) => t.locale)
      .sort()
      .join(',');
    const date = row.publishedAt?.toISOString().slice(0, 10) ?? 'no date   ';
    ctx.out(`${date}  ${row.slug}  [${locales}]  ${title}`);
  }
  return 0;
}

export const command: AdminCommand = {
  summary: 'News articles of the built-in content service',
  usage: [
    'news publish --slug <slug> --title-de <t> --abstract-de <a> --body-de <markdown>',
    '             [--title-en <t> --abstract-en <a> --body-en <markdown>] [--image <file>]',
    '             (--body-de-file / --body-en-file read the text from a file)',
    'news list',
    'news delete --slug <slug>',
  ],
  async run(args, ctx) {
    let parsed;
    try {
      parsed = parseAction(args, options);
    } catch (error) {
      ctx.out(error instanceof Error ? error.message : String(error));
      return 2;
    }
    const { action, values } = parsed;
    try {
      if (action === 'publish') return await publish(values, ctx);
      if (action === 'list') return await list(ctx);
      if (action === 'delete') {
        if (!values.slug) {
          ctx.out('news delete needs --slug <slug>');
          return 2;
        }
        const slug = values.slug;
        const deleted = await ctx.db.transaction(async (tx) => {
          const row = await deleteNews(tx, slug);
          if (!row) return false;
          await recordAudit(tx, CLI_ACTOR, {
            action: 'news.delete',
            targetType: 'news',
            targetId: row.id,
            before: { slug, publishedAt: row.publishedAt },
          });
          return true;
        });
        ctx.out(deleted ? `deleted ${values.slug}` : `no article "${values.slug}"`);
        return deleted ? 0 : 1;
      }
      ctx.out(`unknown action "${action ?? ''}"; use: ${command.usage.join(' | ')}`);
      return 2;
    } catch (error) {
      if (error instanceof AppError) {
        ctx.out(`error: ${error.message}`);
        const details = Array.isArray(error.details) ? (error.details as FieldIssue[]) : [];
        for (const issue of details) ctx.out(`  ${issue.path}: ${issue.message}`);
        return 1;
      }
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        ctx.out(`error: ${(error as Error).message}`);
        return 1;
      }
      throw error;
    }
  },
};
