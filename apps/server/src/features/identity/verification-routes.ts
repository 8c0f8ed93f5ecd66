import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  emailVerificationStatusSchema,
  VERIFICATION_MAIL_LIMIT,
  verificationMailSentSchema,
} from '@arcadia/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { AppError, conflict, notFound } from '../../plugins/errors';
import { componentLog } from '../../plugins/logging';
import { verificationMail } from './account-mails';
import { findAccountById, type AccountRow } from './accounts';
import { createVerificationToken, verificationTokenOpen, verifyEmail } from './email-verifications';
import { createMailer, type SendMail } from './mailer';
import { pageContext } from './page-context';
import type { FormGuard } from './page-security';
import { messagePage, verifyPage } from './views/pages';

/** Issues a 24-hour verification token for the account and mails its link. */
export async function sendVerificationMail(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  sendMail: SendMail,
  account: Pick<AccountRow, 'id' | 'email' | 'nickname' | 'language'>,
): Promise<void> {
  const token = await createVerificationToken(db, account.id);
  await sendMail(verificationMail(config, account, token));
}

/** Sends it in the background (a sign-up's answer does not wait for the mail). */
export function sendVerificationMailLater(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  sendMail: SendMail,
  log: FastifyBaseLogger,
  account: AccountRow,
): void {
  sendVerificationMail(db, config, sendMail, account).catch((error: unknown) =>
    log.warn({ err: error }, 'verification mail not sent'),
  );
}

const tokenSchema = z.string().regex(/^[\w-]{43}$/);
const verifyBody = z.object({ csrf: z.string().optional(), token: z.string().default('') });

/**
 * GET /oidc/verify?token=…: the link of the verification mail. It asks, with a button, and
 * changes nothing: mail scanners and link previews open every link of a mail on their own, and
 * such a visit must not verify an account someone signed up with another person's address (a
 * proven address is what `admin grant` and marketing mail go by). POST (the button, with the
 * form token) spends the link and says the e-mail is confirmed; both say why not otherwise.
 */
export function verificationPageRoutes(
  app: FastifyInstance,
  deps: { config: Config; forms: FormGuard },
): void {
  const { config, forms } = deps;
  const invalidLink = (p: ReturnType<typeof pageContext>) =>
    messagePage(p, p.t('verify.title'), { text: p.t('verify.invalid'), kind: 'error' }, [
      { href: `${config.publicUrl}/settings`, label: p.t('verify.toSettings') },
    ]);

  app.get('/oidc/verify', async (request, reply) => {
    const p = pageContext(request, reply, deps);
    const token = tokenSchema.safeParse((request.query as { token?: unknown }).token);
    if (!token.success || !(await verificationTokenOpen(app.db, token.data)))
      return reply.code(400).send(invalidLink(p));
    return reply.send(
      verifyPage(p, { action: `/oidc/verify?lang=${p.language}`, token: token.data }),
    );
  });

  app.post('/oidc/verify', async (request, reply) => {
    const p = pageContext(request, reply, deps);
    const body = verifyBody.safeParse(request.body ?? {});
    if (!body.success || !forms.valid(request, body.data.csrf)) {
      return reply
        .code(403)
        .send(messagePage(p, p.t('error.title'), { text: p.t('error.form'), kind: 'error' }, []));
    }
    const token = tokenSchema.safeParse(body.data.token);
    const accountId = token.success ? await verifyEmail(app.db, token.data) : undefined;
    if (!accountId) return reply.code(400).send(invalidLink(p));
    return reply.send(
      messagePage(p, p.t('verify.title'), { text: p.t('verify.done'), kind: 'notice' }, [
        { href: `${config.publicUrl}/`, label: p.t('app.back') },
      ]),
    );
  });
}

/**
 * GET /api/me/verification-mail: whether the signed-in account's e-mail is verified.
 * POST: sends the verification mail again, a few per hour. Only with the embedded provider
 * (an external issuer verifies e-mail itself): 404 otherwise, and for a subject without account.
 */
export const verificationApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const perAccount = app.limits.limiter('verification-mail', {
    max: VERIFICATION_MAIL_LIMIT.max,
    windowMs: VERIFICATION_MAIL_LIMIT.windowMinutes * 60_000,
  });
  let sendMail: SendMail | undefined;

  async function ownAccount(sub: string): Promise<AccountRow> {
    const account = config.auth.mode === 'embedded' ? await findAccountById(db, sub) : undefined;
    if (!account) throw notFound('E-mail verification is only for accounts of this server');
    return account;
  }

  app.get('/me/verification-mail', {
    schema: {
      tags: ['identity'],
      summary: "Whether the caller's e-mail address is verified (embedded provider only)",
      response: { 200: emailVerificationStatusSchema, 401: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const account = await ownAccount(requireAuth(request).sub);
      reply.header('cache-control', 'no-store');
      return { emailVerified: account.emailVerified };
    },
  });

  app.post('/me/verification-mail', {
    schema: {
      tags: ['identity'],
      summary: 'Send the e-mail verification mail again',
      description: `At most ${VERIFICATION_MAIL_LIMIT.max} per ${VERIFICATION_MAIL_LIMIT.windowMinutes} minutes; 429 with Retry-After after that. 409 when already verified.`,
      response: {
        202: verificationMailSentSchema,
        401: apiErrorSchema,
        404: apiErrorSchema,
        409: apiErrorSchema,
        429: apiErrorSchema,
      },
    },
    handler: async (request, reply) => {
      const account = await ownAccount(requireAuth(request).sub);
      if (account.emailVerified) throw conflict('The e-mail address is already verified');
      const limit = await perAccount.hit(account.id);
      if (limit.limited)
        throw new AppError(
          429,
          'rate_limited',
          `At most ${VERIFICATION_MAIL_LIMIT.max} verification mails per ${VERIFICATION_MAIL_LIMIT.windowMinutes} minutes`,
          undefined,
          limit.retryAfterSeconds,
        );
      sendMail ??= createMailer(config, componentLog(app, 'oidc'));
      await sendVerificationMail(db, config, sendMail, account);
      return reply.code(202).send({ sent: true });
    },
  });
};
