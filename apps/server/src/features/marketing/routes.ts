import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { componentLog } from '../../plugins/logging';
import { createMailer, type SendMail } from '../identity';
import { confirmationMail, parentConfirmationMail } from './mail';
import { parentPage } from './parent-page';
import {
  confirmMarketingConsent,
  confirmParentConsent,
  unsubscribeMarketing,
  type ConfirmationLinks,
} from './service';

const tokenQuery = z.object({ token: z.string().optional() });
const tokenSchema = z.string().regex(/^[\w-]{43}$/);

/**
 * Mails a confirmation (double opt-in: to the player, or for a player under 16 to the parent)
 * once the request was committed. A mail that cannot be sent is logged: the request stays
 * pending and the player can tick the box again.
 */
export function marketingMailer(app: FastifyInstance) {
  let sendMail: SendMail | undefined;
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
    sendMail ??= createMailer(app.config, componentLog(app, 'oidc'));
    try {
      await sendMail(mail);
    } catch (error) {
      app.log.warn({ err: error }, 'marketing confirmation mail not sent');
    }
  };
}

/**
 * GET /api/marketing/confirm?token=… and /api/marketing/unsubscribe?token=…: the links of the
 * marketing mail (no sign-in: the token is the proof). Both redirect to the app's settings with
 * `?marketing=confirmed|unsubscribed|invalid`; an unknown, expired or used token changes nothing.
 */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const back = (result: 'confirmed' | 'unsubscribed' | 'invalid') =>
    `${config.publicUrl}/settings?marketing=${result}`;

  app.get('/marketing/confirm', {
    config: { scope: 'public' },
    schema: {
      tags: ['users'],
      summary: 'Confirm marketing mail (the link of the double opt-in mail)',
      querystring: tokenQuery,
    },
    handler: async (request, reply) => {
      const token = tokenSchema.safeParse(request.query.token);
      const userId = token.success ? await confirmMarketingConsent(db, token.data) : undefined;
      reply.header('cache-control', 'no-store');
      return reply.redirect(back(userId ? 'confirmed' : 'invalid'), 303);
    },
  });

  app.get('/marketing/parent-confirm', {
    config: { scope: 'public' },
    schema: {
      tags: ['users'],
      summary: "A parent confirms marketing mail for a player under 16 (the parent mail's link)",
      description:
        'Answers a short page (the parent has no session in the app): 200 when confirmed, 400 for an unknown, expired or used link (nothing changes then). The parent’s address, the time and the request’s IP address are recorded.',
      querystring: tokenQuery,
    },
    handler: async (request, reply) => {
      const token = tokenSchema.safeParse(request.query.token);
      const confirmed = token.success
        ? await confirmParentConsent(db, token.data, request.ip)
        : undefined;
      reply.header('cache-control', 'no-store');
      const language =
        confirmed?.language ?? (request.headers['accept-language']?.startsWith('en') ? 'en' : 'de');
      return reply
        .code(confirmed ? 200 : 400)
        .type('text/html; charset=utf-8')
        .send(parentPage(config.publicUrl, language, confirmed?.userName));
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
