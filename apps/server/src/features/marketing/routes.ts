import { createHash } from 'node:crypto';
import formbody from '@fastify/formbody';
import { MARKETING_MAILS_PER_RECIPIENT } from '@arcadia/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { componentLog } from '../../plugins/logging';
import { createMailer, type SendMail } from '../identity';
import { confirmationMail, parentConfirmationMail } from './mail';
import { askPage, parentResultPage } from './confirm-pages';
import {
  confirmMarketingConsent,
  confirmParentConsent,
  openConfirmation,
  unsubscribeMarketing,
  type ConfirmationLinks,
} from './service';

const tokenQuery = z.object({ token: z.string().optional() });
const tokenBody = z.object({ token: z.string().optional() }).optional();
const tokenSchema = z.string().regex(/^[\w-]{43}$/);

/**
 * Mails a confirmation (double opt-in: to the player, or for a player under 16 to the parent)
 * once the request was committed. A mail that cannot be sent is logged: the request stays
 * pending and the player can tick the box again.
 */
export function marketingMailer(app: FastifyInstance) {
  let sendMail: SendMail | undefined;
  const perRecipient = app.limits.limiter('marketing-mail-recipient', {
    max: MARKETING_MAILS_PER_RECIPIENT.max,
    windowMs: MARKETING_MAILS_PER_RECIPIENT.windowHours * 3_600_000,
  });
  return async (
    user: { mail: string | null; userName: string; language: 'de' | 'en' },
    links: ConfirmationLinks | undefined,
  ): Promise<void> => {
    if (!links) return;
    const mail =
      links.to === 'parent'
        ? parentConfirmationMail(app.config, user, links)
        : user.mail
          ? confirmationMail(app.config, { ...user, mail: user.mail }, links)
          : undefined;
    if (!mail) return;
    // Counted by the address's hash (the limit store keeps no addresses).
    const recipient = createHash('sha256').update(mail.to.trim().toLowerCase()).digest('base64url');
    if ((await perRecipient.hit(recipient)).limited) {
      app.log.info('marketing confirmation mail not sent: its address had enough today');
      return;
    }
    sendMail ??= createMailer(app.config, componentLog(app, 'oidc'));
    try {
      await sendMail(mail);
    } catch (error) {
      app.log.warn({ err: error }, 'marketing confirmation mail not sent');
    }
  };
}

/**
 * The links of the marketing mails (no sign-in: the token is the proof).
 * - GET /api/marketing/confirm?token=… (double opt-in) and /api/marketing/parent-confirm?token=…
 *   (a parent, for a player under 16) only show a page that asks, with a button; the button
 *   POSTs the token to the same path, and only that confirms: mail scanners open links on their
 *   own (confirm-pages.ts). The player's POST redirects to the app's settings with
 *   `?marketing=confirmed|invalid`; the parent's answers a thank-you page.
 * - GET /api/marketing/unsubscribe?token=… withdraws (one click, as UWG §7 asks) and redirects
 *   with `?marketing=unsubscribed|invalid`.
 * An unknown, expired or used token changes nothing.
 */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  await app.register(formbody, { bodyLimit: 4 * 1024 });
  const back = (result: 'confirmed' | 'unsubscribed' | 'invalid') =>
    `${config.publicUrl}/settings?marketing=${result}`;
  const languageOf = (request: FastifyRequest) =>
    request.headers['accept-language']?.startsWith('en') ? 'en' : 'de';
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(body);

  app.get('/marketing/confirm', {
    config: { scope: 'public' },
    schema: {
      tags: ['users'],
      summary: 'The double opt-in link: a page asking to confirm marketing mail (changes nothing)',
      querystring: tokenQuery,
    },
    handler: async (request, reply) => {
      const token = tokenSchema.safeParse(request.query.token);
      const open = token.success ? await openConfirmation(db, token.data, 'confirm') : undefined;
      if (!open) return reply.header('cache-control', 'no-store').redirect(back('invalid'), 303);
      const action = '/api/marketing/confirm';
      return html(reply, 200, askPage('player', open.language, action, token.data!, open.userName));
    },
  });

  app.post('/marketing/confirm', {
    config: { scope: 'public' },
    schema: {
      tags: ['users'],
      summary: 'Confirm marketing mail (the button of the double opt-in page)',
      body: tokenBody,
    },
    handler: async (request, reply) => {
      const token = tokenSchema.safeParse(request.body?.token);
      const userId = token.success
        ? await confirmMarketingConsent(db, token.data, request.ip)
        : undefined;
      reply.header('cache-control', 'no-store');
      return reply.redirect(back(userId ? 'confirmed' : 'invalid'), 303);
    },
  });

  app.get('/marketing/parent-confirm', {
    config: { scope: 'public' },
    schema: {
      tags: ['users'],
      summary: "The parent mail's link: a page asking for a parent's consent (changes nothing)",
      description:
        '200 with a page that asks, its button POSTs the token; 400 with a page for an unknown, expired or used link.',
      querystring: tokenQuery,
    },
    handler: async (request, reply) => {
      const token = tokenSchema.safeParse(request.query.token);
      const open = token.success
        ? await openConfirmation(db, token.data, 'parent-confirm')
        : undefined;
      if (!open) return html(reply, 400, parentResultPage(config.publicUrl, languageOf(request)));
      const action = '/api/marketing/parent-confirm';
      return html(reply, 200, askPage('parent', open.language, action, token.data!, open.userName));
    },
  });

  app.post('/marketing/parent-confirm', {
    config: { scope: 'public' },
    schema: {
      tags: ['users'],
      summary: 'A parent confirms marketing mail for a player under 16 (the button of its page)',
      description:
        'Answers a short page (the parent has no session in the app): 200 when confirmed, 400 for an unknown, expired or used link (nothing changes then). The parent’s address, the time and the request’s IP address are recorded.',
      body: tokenBody,
    },
    handler: async (request, reply) => {
      const token = tokenSchema.safeParse(request.body?.token);
      const confirmed = token.success
        ? await confirmParentConsent(db, token.data, request.ip)
        : undefined;
      const language = confirmed?.language ?? languageOf(request);
      return html(
        reply,
        confirmed ? 200 : 400,
        parentResultPage(config.publicUrl, language, confirmed?.userName),
      );
    },
  });

  app.get('/marketing/unsubscribe', {
    config: { scope: 'public' },
    schema: {
      tags: ['users'],
      summary: 'Unsubscribe from marketing mail (the link in every marketing mail)',
      querystring: tokenQuery,
    },
    handler: async (request, reply) => {
      const token = tokenSchema.safeParse(request.query.token);
      const result = token.success ? await unsubscribeMarketing(db, token.data) : undefined;
      reply.header('cache-control', 'no-store');
      return reply.redirect(back(result ? 'unsubscribed' : 'invalid'), 303);
    },
  });
};
