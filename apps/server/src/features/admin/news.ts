import type { z } from 'zod';
import type {
  AdminNewsArticle,
  AuditAction,
  newsArticleInputSchema,
  newsPublishSchema,
} from '@arcadia/contracts';
import type { Db, Tx } from '../../db/client';
import type { AppEventBus } from '../../events/map';
import { AppError } from '../../plugins/errors';
import {
  createArticle,
  deleteArticle,
  publishArticle,
  unpublishArticle,
  updateArticle,
} from '../news';
import type { Operator } from './access';
import { recordAudit } from './audit';

/**
 * The console's news changes, each one transaction with its audit entry (target `news`, the
 * article's id; no arcade: news are for every player, and the routes are for admins).
 */

type ArticleInput = z.output<typeof newsArticleInputSchema>;
type PublishInput = z.output<typeof newsPublishSchema>;

/** 409 for every write while the news come from Contentful (they are edited there). */
export const newsInContentful = () =>
  new AppError(
    409,
    'news_in_contentful',
    'News are managed in Contentful on this server: edit them there.',
  );

/** What the log keeps of an article: what the editor sets, not what is derived from it. */
function audited(article: AdminNewsArticle) {
  const { live: _live, headerUrl: _url, updatedAt: _at, ...kept } = article;
  return kept;
}

export async function createNews(
  db: Db,
  operator: Operator,
  input: ArticleInput,
): Promise<AdminNewsArticle> {
  return db.transaction(async (tx) => {
    const article = await createArticle(tx, input);
    await recordAudit(tx, operator, {
      action: 'news.create',
      targetType: 'news',
      targetId: article.id,
      after: audited(article),
    });
    return article;
  });
}

type Change = (tx: Tx) => Promise<{ before: AdminNewsArticle; after: AdminNewsArticle }>;

async function change(
  db: Db,
  operator: Operator,
  id: string,
  action: AuditAction,
  run: Change,
): Promise<AdminNewsArticle> {
  return db.transaction(async (tx) => {
    const { before, after } = await run(tx);
    await recordAudit(tx, operator, {
      action,
      targetType: 'news',
      targetId: id,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}

export const editNews = (
  db: Db,
  events: AppEventBus,
  operator: Operator,
  id: string,
  input: ArticleInput,
) => change(db, operator, id, 'news.update', (tx) => updateArticle(tx, events, id, input));

export const publishNewsArticle = (
  db: Db,
  events: AppEventBus,
  operator: Operator,
  id: string,
  input: PublishInput,
) =>
  change(db, operator, id, 'news.publish', (tx) =>
    publishArticle(tx, events, id, input.publishAt ? new Date(input.publishAt) : undefined),
  );

export const unpublishNews = (db: Db, operator: Operator, id: string) =>
  change(db, operator, id, 'news.unpublish', (tx) => unpublishArticle(tx, id));

export async function deleteNewsArticle(db: Db, operator: Operator, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await deleteArticle(tx, id);
    await recordAudit(tx, operator, {
      action: 'news.delete',
      targetType: 'news',
      targetId: id,
      before: audited(before),
    });
  });
}
