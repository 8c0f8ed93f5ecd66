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

type Change = (tx: Tx) => Promise<{ before: AdminNewsArticle; after: AdminNewsArticle }>;

/** Runs one change in the caller's transaction and logs it with the article before and after. */
async function logged(
  tx: Tx,
  operator: Operator,
  id: string,
  action: AuditAction,
  run: Change,
): Promise<AdminNewsArticle> {
  const { before, after } = await run(tx);
  await recordAudit(tx, operator, {
    action,
    targetType: 'news',
    targetId: id,
    before: audited(before),
    after: audited(after),
  });
  return after;
}

const change = (db: Db, operator: Operator, id: string, action: AuditAction, run: Change) =>
  db.transaction((tx) => logged(tx, operator, id, action, run));

/** Publishes from the article's own date (else now): the publish route without a date. */
const publishSaved = (tx: Tx, events: AppEventBus, operator: Operator, id: string) =>
  logged(tx, operator, id, 'news.publish', (t) => publishArticle(t, events, id, undefined));

/**
 * A new article, a draft; with `publish` also published in the same transaction (two entries in
 * the log, news.create and news.publish), so a refusal leaves nothing behind.
 */
export async function createNews(
  db: Db,
  events: AppEventBus,
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
    return input.publish ? publishSaved(tx, events, operator, article.id) : article;
  });
}

/**
 * Replaces the article; with `publish` also publishes it, in the same transaction. One published
 * already stays so (the update keeps its date): no second publish, no entry that changed nothing.
 */
export const editNews = (
  db: Db,
  events: AppEventBus,
  operator: Operator,
  id: string,
  input: ArticleInput,
) =>
  db.transaction(async (tx) => {
    const saved = await logged(tx, operator, id, 'news.update', (t) =>
      updateArticle(t, events, id, input),
    );
    return input.publish && saved.status !== 'published'
      ? publishSaved(tx, events, operator, id)
      : saved;
  });

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
