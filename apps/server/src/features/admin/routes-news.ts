import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminNewsArticleSchema,
  adminNewsListSchema,
  adminNewsParamsSchema,
  newsArticleInputSchema,
  newsArticleUpdateSchema,
  newsPreviewInputSchema,
  newsPreviewSchema,
  newsPublishSchema,
} from '@arcadia/contracts';
import { editorialArticle, editorialList, previewEntry } from '../news';
import { operatorOf } from './access';
import {
  createNews,
  deleteNewsArticle,
  editNews,
  newsInContentful,
  publishNewsArticle,
  unpublishNews,
} from './news';

const tags = ['admin', 'news'];
/** News reach every player (and their push): admins write and read them, staff do not. */
const admin = { access: { role: 'admin' as const } };

/** The news editor (docs/operator-console.md), under the operator guard (routes.ts). */
export function newsRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const fromContentful = app.config.contentful !== undefined;
  /** Writes are refused while the news come from Contentful. */
  const writable = () => {
    if (fromContentful) throw newsInContentful();
  };

  app.get('/admin/news', {
    config: admin,
    schema: {
      tags,
      summary: 'Every article with its status (admins); empty when the news come from Contentful',
      response: { 200: adminNewsListSchema },
    },
    handler: async () =>
      fromContentful
        ? { source: 'contentful' as const, articles: [] }
        : { source: 'database' as const, articles: await editorialList(app.db) },
  });

  app.get('/admin/news/:id', {
    config: admin,
    schema: {
      tags,
      summary: 'One article with both languages as Markdown (admins)',
      params: adminNewsParamsSchema,
      response: { 200: adminNewsArticleSchema },
    },
    handler: async (request) => editorialArticle(app.db, request.params.id),
  });

  app.post('/admin/news', {
    config: admin,
    schema: {
      tags,
      summary: 'Creates a draft, or with publish: true a published article (admins, audited)',
      body: newsArticleInputSchema,
      response: { 201: adminNewsArticleSchema },
    },
    handler: async (request, reply) => {
      writable();
      return reply
        .code(201)
        .send(await createNews(app.db, app.events, operatorOf(request), request.body));
    },
  });

  app.put('/admin/news/:id', {
    config: admin,
    schema: {
      tags,
      summary:
        'Replaces slug, header, date and texts; the status stays unless publish: true (admins, audited)',
      params: adminNewsParamsSchema,
      body: newsArticleUpdateSchema,
      response: { 200: adminNewsArticleSchema },
    },
    handler: async (request) => {
      writable();
      return editNews(app.db, app.events, operatorOf(request), request.params.id, request.body);
    },
  });

  app.post('/admin/news/:id/publish', {
    config: admin,
    schema: {
      tags,
      summary: 'Publishes, now or from a date; announced (push) once when it first goes live',
      params: adminNewsParamsSchema,
      body: newsPublishSchema,
      response: { 200: adminNewsArticleSchema },
    },
    handler: async (request) => {
      writable();
      return publishNewsArticle(
        app.db,
        app.events,
        operatorOf(request),
        request.params.id,
        request.body,
      );
    },
  });

  app.post('/admin/news/:id/unpublish', {
    config: admin,
    schema: {
      tags,
      summary: 'Takes an article down (admins, audited)',
      params: adminNewsParamsSchema,
      response: { 200: adminNewsArticleSchema },
    },
    handler: async (request) => {
      writable();
      return unpublishNews(app.db, operatorOf(request), request.params.id);
    },
  });

  app.delete('/admin/news/:id', {
    config: admin,
    schema: {
      tags,
      summary: 'Deletes an article; its header image stays (admins, audited)',
      params: adminNewsParamsSchema,
    },
    handler: async (request, reply) => {
      writable();
      await deleteNewsArticle(app.db, operatorOf(request), request.params.id);
      return reply.code(204).send();
    },
  });

  app.post('/admin/news/preview', {
    config: admin,
    schema: {
      tags,
      summary: "The editor's unsaved text as players will get it (nothing is stored)",
      body: newsPreviewInputSchema,
      response: { 200: newsPreviewSchema },
    },
    handler: async (request) => previewEntry(app.db, request.body),
  });
}
