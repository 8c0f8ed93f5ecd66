import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import { componentLog } from '../../plugins/logging';
import type { SendMail } from './mailer';
import { pageContext } from './page-context';
import type { FormGuard } from './page-security';
import { resetTokenAccount } from './password-resets';
import { interactionPath } from './provider';
import { tooManyPage, type IdentityLimits } from './request-limits';
import { requestPasswordReset, resetPassword } from './service';
import { html } from './views/html';
import { forgotPage, messagePage, resetPage } from './views/pages';
import { translator, type Language } from './views/strings';

export interface RecoveryDeps {
  config: Config;
  forms: FormGuard;
  sendMail: SendMail;
  limits: IdentityLimits;
}

const forgotQuery = z
  .object({
    uid: z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .optional(),
    // The sign-in page's language (interactions.ts), as an interaction's ui_locales counts.
    ui_locales: z.enum(['de', 'en']).optional(),
  })
  .catch({});
const forgotBody = z.object({
  csrf: z.string().optional(),
  email: z.string().max(320).default(''),
  uid: z.string().optional(),
});
const tokenSchema = z.string().regex(/^[\w-]{43}$/);
const resetBody = z.object({
  csrf: z.string().optional(),
  token: z.string().default(''),
  password: z.string().max(1000).default(''),
});

/** Forgot password (sends a one-hour, single-use link) and reset password (spends it). */
export function recoveryRoutes(app: FastifyInstance, deps: RecoveryDeps): void {
  const { config, forms } = deps;

  function resetMail(language: Language, nickname: string, link: string) {
    const t = translator(language);
    const text = [
      t('mail.reset.greeting', { nickname }),
      '',
      t('mail.reset.body'),
      link,
      '',
      t('mail.reset.ignore'),
      '',
      'Arcadia',
    ].join('\n');
    const body = html`<p>${t('mail.reset.greeting', { nickname })}</p>
      <p>${t('mail.reset.body')}</p>
      <p><a href="${link}">${link}</a></p>
      <p>${t('mail.reset.ignore')}</p>
      <p>Arcadia</p>`;
    return { subject: t('mail.reset.subject'), text, html: body.value, links: [link] };
  }

  const backHref = (uid: string | undefined) =>
    uid && /^[\w-]{1,64}$/.test(uid) ? interactionPath(uid) : undefined;

  app.get('/oidc/forgot', async (request, reply) => {
    const { uid, ui_locales: uiLocales } = forgotQuery.parse(request.query);
    const p = pageContext(request, reply, deps, uiLocales);
    const action = uid ? `/oidc/forgot?uid=${uid}&ui_locales=${p.language}` : '/oidc/forgot';
    return reply.send(forgotPage(p, { action, backHref: backHref(uid) }));
  });

  app.post('/oidc/forgot', async (request, reply) => {
    const { uid, ui_locales: uiLocales } = forgotQuery.parse(request.query);
    const p = pageContext(request, reply, deps, uiLocales);
    const byAddress = await deps.limits.byAddress(request, 'reset');
    if (byAddress) return tooManyPage(reply, p, byAddress);
    const body = forgotBody.safeParse(request.body ?? {});
    if (!body.success || !forms.valid(request, body.data.csrf)) {
      return reply
        .code(403)
        .send(messagePage(p, p.t('error.title'), { text: p.t('error.form'), kind: 'error' }, []));
    }
    const email = body.data.email.trim();
    if (!z.email().safeParse(email).success) {
      return reply.code(400).send(
        forgotPage(p, {
          action: request.url,
          backHref: backHref(uid),
          email,
          error: p.t('field.emailInvalid'),
        }),
      );
    }
    const byEmail = await deps.limits.byEmail('reset', email, request);
    if (byEmail) return tooManyPage(reply, p, byEmail);
    const reset = requestPasswordReset(app.db, email, async (account, token) => {
      const link = `${config.publicUrl}/oidc/reset?token=${token}&lang=${p.language}`;
      await deps.sendMail({ to: account.email, ...resetMail(p.language, account.nickname, link) });
    });
    // Through SMTP the look-up, the link and the mail all happen after the answer: waiting for
    // them would tell, by the answer's time, that an account has this address. The outbox is a
    // local file, written before the answer so that a deletion right after finds and removes it.
    // A mail that could not be written (a full disk) is logged, never answered differently: an
    // error page only for existing accounts would tell which addresses have one.
    const notSent = (error: unknown) =>
      componentLog(app, 'oidc').error({ err: error }, 'reset mail not sent');
    if (!config.smtpUrl) await reset.catch(notSent);
    else reset.catch(notSent);
    return reply.send(forgotPage(p, { action: request.url, backHref: backHref(uid), sent: true }));
  });

  const invalidLink = (p: ReturnType<typeof pageContext>) =>
    messagePage(p, p.t('reset.title'), { text: p.t('reset.invalid'), kind: 'error' }, [
      { href: '/oidc/forgot', label: p.t('reset.requestNew') },
    ]);

  app.get('/oidc/reset', async (request, reply) => {
    const p = pageContext(request, reply, deps);
    const token = tokenSchema.safeParse((request.query as { token?: unknown }).token);
    if (!token.success || !(await resetTokenAccount(app.db, token.data))) {
      return reply.code(400).send(invalidLink(p));
    }
    return reply.send(resetPage(p, { action: '/oidc/reset', token: token.data }));
  });

  app.post('/oidc/reset', async (request, reply) => {
    const p = pageContext(request, reply, deps);
    const byAddress = await deps.limits.byAddress(request, 'reset');
    if (byAddress) return tooManyPage(reply, p, byAddress);
    const body = resetBody.safeParse(request.body ?? {});
    if (!body.success || !forms.valid(request, body.data.csrf)) {
      return reply
        .code(403)
        .send(messagePage(p, p.t('error.title'), { text: p.t('error.form'), kind: 'error' }, []));
    }
    const token = tokenSchema.safeParse(body.data.token);
    const result = token.success
      ? await resetPassword(app.db, token.data, body.data.password)
      : ({ ok: false, reason: 'invalid_token' } as const);
    if (!result.ok && result.reason === 'weak_password') {
      return reply
        .code(400)
        .send(
          resetPage(p, { action: '/oidc/reset', token: body.data.token, error: p.t(result.error) }),
        );
    }
    if (!result.ok) return reply.code(400).send(invalidLink(p));
    // This process drops the account's verified tokens now; the others on the NOTIFY.
    app.forgetAccount(result.accountId);
    return reply.send(
      messagePage(p, p.t('reset.title'), { text: p.t('reset.done'), kind: 'notice' }, [
        { href: `${config.publicUrl}/login`, label: p.t('app.back') },
      ]),
    );
  });
}
