import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { z } from 'zod';
import type { Config } from '../../config';
import { badRequest } from '../../plugins/errors';
import { signUpTakenMail } from './account-mails';
import type { SendMail } from './mailer';
import { readCookie, serializeCookie } from './cookies';
import { pageContext } from './page-context';
import type { FormGuard } from './page-security';
import { interactionPath } from './provider';
import { tooManyPage, type IdentityLimits } from './request-limits';
import { signIn, signUp, signUpErrors, type SignUpErrors } from './service';
import { sendVerificationMailLater } from './verification-routes';
import type { PageContext } from './views/layout';
import type { Language } from './views/strings';
import { messagePage, signInPage, signUpPage, type FieldErrors } from './views/pages';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * The address of a sign-up, set on every sign-up's answer (a taken address's answer must equal a
 * new one's, docs/security.md "Sign-up privacy"). A new account is signed in and never sees the
 * sign-in page; a taken address comes back to it, which then says a mail went to the address and
 * keeps it in the form, instead of an empty form without a word (whoever follows the redirect
 * learns that the address is taken anyway).
 */
const SIGN_UP_TAKEN_COOKIE = 'arcadia_signup_taken';

/**
 * Adds a cookie to an answer the provider finishes (finish below): on the raw response, where the
 * provider adds its own session cookies; one set through Fastify's reply would replace them.
 */
function appendCookie(reply: FastifyReply, cookie: string): void {
  const before = reply.raw.getHeader('set-cookie');
  const list = Array.isArray(before) ? before : before === undefined ? [] : [String(before)];
  reply.raw.setHeader('set-cookie', [...list, cookie]);
}

const clearSignUpTaken = (config: Config) =>
  serializeCookie(SIGN_UP_TAKEN_COOKIE, '', {
    path: '/oidc',
    maxAge: 0,
    httpOnly: true,
    secure: config.publicUrl.startsWith('https:'),
  });

export interface InteractionDeps {
  config: Config;
  forms: FormGuard;
  provider: () => Promise<Provider>;
  sendMail: SendMail;
  log: FastifyBaseLogger;
  limits: IdentityLimits;
  /** Whether the profile linked to an account is suspended: its sign-in is refused. */
  suspended: (sub: string) => Promise<boolean>;
}

const uidParams = z.object({ uid: z.string().regex(/^[\w-]{1,64}$/) });
const signInBody = z.object({
  csrf: z.string().optional(),
  email: z.string().max(320).default(''),
  password: z.string().max(1000).default(''),
});
const signUpBody = signInBody.extend({ nickname: z.string().max(100).default('') });

const uiLocales = (i: Interaction | undefined) =>
  typeof i?.params.ui_locales === 'string' ? i.params.ui_locales : undefined;

/**
 * The provider's interaction: sign in, create an account, and the consent that the first-party
 * app gets without a screen. Thin routes: details, switch on the prompt, finish (habit 7).
 */
export function interactionRoutes(app: FastifyInstance, deps: InteractionDeps): void {
  const { config, forms } = deps;
  /** The address of the sign-up just sent, sealed, for the sign-in page that may follow. */
  const signUpCookie = (email: string) =>
    serializeCookie(SIGN_UP_TAKEN_COOKIE, forms.seal(SIGN_UP_TAKEN_COOKIE, email), {
      path: '/oidc',
      maxAge: 10 * 60,
      httpOnly: true,
      secure: config.publicUrl.startsWith('https:'),
    });

  // The reset pages are outside the interaction (no ui_locales there): the link carries the
  // sign-in page's language, not as ?lang= (a switch the cookie would keep for a year).
  const links = (uid: string, language: Language) => ({
    action: `${interactionPath(uid)}/login`,
    signInHref: interactionPath(uid),
    signUpHref: `${interactionPath(uid)}/signup`,
    forgotHref: `/oidc/forgot?uid=${uid}&ui_locales=${language}`,
    cancelHref: `${interactionPath(uid)}/abort`,
  });

  /** The interaction this browser is in, if it is the one in the URL. */
  async function details(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Interaction | undefined> {
    const params = uidParams.safeParse(request.params);
    if (!params.success) {
      throw badRequest('Invalid params: uid: is not an interaction id', [
        { path: 'uid', message: 'is not an interaction id' },
      ]);
    }
    const { uid } = params.data;
    try {
      const provider = await deps.provider();
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === uid ? interaction : undefined;
    } catch {
      return undefined;
    }
  }

  function expired(request: FastifyRequest, reply: FastifyReply, p?: PageContext) {
    const ctx = p ?? pageContext(request, reply, deps);
    return reply
      .code(400)
      .send(
        messagePage(ctx, ctx.t('error.title'), { text: ctx.t('error.expired'), kind: 'error' }, [
          { href: `${config.publicUrl}/login`, label: ctx.t('app.back') },
        ]),
      );
  }

  /** Whether this browser is signed in at the provider (its session names an account). */
  async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    try {
      const provider = await deps.provider();
      // oidc-provider's Session.get takes a Koa context; the provider makes one of the request.
      const ctx = provider.createContext(request.raw, reply.raw) as unknown as Parameters<
        typeof provider.Session.get
      >[0];
      return Boolean((await provider.Session.get(ctx)).accountId);
    } catch {
      return false;
    }
  }

  /**
   * A page of an interaction that is over or unknown: a signed-in browser goes back to the app
   * (Back after signing in or up led to this page, and a player saw 'Da ist etwas
   * schiefgelaufen' while signed in); any other gets the explanation.
   */
  async function gone(request: FastifyRequest, reply: FastifyReply, p?: PageContext) {
    if (!(await signedIn(request, reply))) return expired(request, reply, p);
    return reply.header('cache-control', 'no-store').redirect(`${config.publicUrl}/login`, 303);
  }

  function formExpired(reply: FastifyReply, p: PageContext) {
    return reply
      .code(403)
      .send(messagePage(p, p.t('error.title'), { text: p.t('error.form'), kind: 'error' }, []));
  }

  async function finish(request: FastifyRequest, reply: FastifyReply, result: InteractionResults) {
    const provider = await deps.provider();
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  /** Consent for the first-party client: grant what it asked for, without a screen. */
  async function grantConsent(
    request: FastifyRequest,
    reply: FastifyReply,
    interaction: Interaction,
  ) {
    const provider = await deps.provider();
    const accountId = interaction.session?.accountId;
    const clientId = interaction.params.client_id;
    if (!accountId || clientId !== config.auth.clientId) return expired(request, reply);
    const grant = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : new provider.Grant({ accountId, clientId });
    if (!grant) return expired(request, reply);
    const d = interaction.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (d.missingOIDCScope) grant.addOIDCScope(d.missingOIDCScope.join(' '));
    if (d.missingOIDCClaims) grant.addOIDCClaims(d.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(d.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes.join(' '));
    }
    const grantId = await grant.save();
    if (readCookie(request.headers.cookie, SIGN_UP_TAKEN_COOKIE))
      appendCookie(reply, clearSignUpTaken(config));
    return finish(request, reply, { consent: { grantId } });
  }

  app.get('/oidc/interaction/:uid', async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return gone(request, reply);
    switch (interaction.prompt.name) {
      case 'login': {
        const p = pageContext(request, reply, deps, uiLocales(interaction));
        const hint = interaction.params.login_hint;
        // Back from signing up with an address that has an account: say what happened (the mail
        // went to its owner) and keep the address, instead of an empty form without a word.
        const taken = forms.open(
          SIGN_UP_TAKEN_COOKIE,
          readCookie(request.headers.cookie, SIGN_UP_TAKEN_COOKIE),
        );
        if (taken) reply.header('set-cookie', clearSignUpTaken(config));
        return reply.send(
          signInPage(p, {
            ...links(interaction.uid, p.language),
            email: taken ?? (typeof hint === 'string' ? hint : ''),
            ...(taken ? { notice: p.t('signIn.signUpTaken') } : {}),
          }),
        );
      }
      case 'consent':
        return grantConsent(request, reply, interaction);
      default:
        return expired(request, reply);
    }
  });

  app.post('/oidc/interaction/:uid/login', async (request, reply) => {
    const interaction = await details(request, reply);
    const p = pageContext(request, reply, deps, uiLocales(interaction));
    const byAddress = await deps.limits.byAddress(request, 'signin');
    if (byAddress) return tooManyPage(reply, p, byAddress);
    if (!interaction || interaction.prompt.name !== 'login') return expired(request, reply, p);
    const body = signInBody.safeParse(request.body ?? {});
    if (!body.success || !forms.valid(request, body.data.csrf)) return formExpired(reply, p);
    const { email, password } = body.data;
    // A field left empty (or no e-mail address at all) is said at that field; nothing is tried.
    const fieldErrors = {
      ...(z.email().safeParse(email.trim()).success ? {} : { email: p.t('field.emailInvalid') }),
      ...(password ? {} : { password: p.t('field.passwordRequired') }),
    };
    if (Object.keys(fieldErrors).length > 0)
      return reply
        .code(400)
        .send(signInPage(p, { ...links(interaction.uid, p.language), email, fieldErrors }));
    const byEmail = await deps.limits.byEmail('signin', email);
    if (byEmail) return tooManyPage(reply, p, byEmail);
    const result = await signIn(app.db, { email, password, address: request.ip });
    if (!result.ok) {
      const error =
        result.reason === 'throttled'
          ? p.t('signIn.throttled', { minutes: Math.ceil(result.retryAfterSeconds / 60) })
          : p.t('signIn.invalid');
      return reply
        .code(result.reason === 'throttled' ? 429 : 401)
        .send(signInPage(p, { ...links(interaction.uid, p.language), email, error }));
    }
    // Suspended by an admin (features/admin/players.ts): the password was right, the answer says why.
    if (await deps.suspended(result.account.id))
      return reply.code(403).send(
        signInPage(p, {
          ...links(interaction.uid, p.language),
          email,
          error: p.t('signIn.suspended'),
        }),
      );
    return finish(request, reply, { login: { accountId: result.account.id, remember: true } });
  });

  app.get('/oidc/interaction/:uid/signup', async (request, reply) => {
    const interaction = await details(request, reply);
    const p = pageContext(request, reply, deps, uiLocales(interaction));
    if (!interaction || interaction.prompt.name !== 'login') return gone(request, reply, p);
    return reply.send(
      signUpPage(p, {
        action: `${interactionPath(interaction.uid)}/signup`,
        signInHref: interactionPath(interaction.uid),
      }),
    );
  });

  app.post('/oidc/interaction/:uid/signup', async (request, reply) => {
    const interaction = await details(request, reply);
    const p = pageContext(request, reply, deps, uiLocales(interaction));
    const byAddress = await deps.limits.byAddress(request, 'signup');
    if (byAddress) return tooManyPage(reply, p, byAddress);
    if (!interaction || interaction.prompt.name !== 'login') return expired(request, reply, p);
    const body = signUpBody.safeParse(request.body ?? {});
    if (!body.success || !forms.valid(request, body.data.csrf)) return formExpired(reply, p);
    const { email, nickname, password } = body.data;
    // Per address only the forms that would hash a password (and maybe mail the owner).
    if (Object.keys(signUpErrors({ email, nickname, password })).length === 0) {
      const byEmail = await deps.limits.byEmail('signup', email);
      if (byEmail) return tooManyPage(reply, p, byEmail);
    }
    const result = await signUp(app.db, { email, nickname, password, language: p.language });
    if (!result.ok && result.existing) {
      // The same answer as for a new address (the hashing was done either way); only the
      // owner of the address learns, by mail, that someone tried. Sent in the background so
      // the answer takes no longer. The browser goes back to the sign-in page.
      deps
        .sendMail(signUpTakenMail(config, result.existing))
        .catch((error: unknown) => deps.log.warn({ err: error }, 'sign-up notice not sent'));
      appendCookie(reply, signUpCookie(email));
      return finish(request, reply, {});
    }
    if (!result.ok) {
      const errors = translateErrors(p, result.errors);
      return reply.code(400).send(
        signUpPage(p, {
          action: `${interactionPath(interaction.uid)}/signup`,
          signInHref: interactionPath(interaction.uid),
          values: { email, nickname },
          errors,
        }),
      );
    }
    // A new account: the e-mail verification mail, in the background like the notice above.
    sendVerificationMailLater(app.db, config, deps.sendMail, deps.log, result.account);
    // The same cookie as for a taken address (the answers must not differ); signed in, the
    // sign-in page is not shown and the consent clears it.
    appendCookie(reply, signUpCookie(email));
    return finish(request, reply, { login: { accountId: result.account.id, remember: true } });
  });

  app.get('/oidc/interaction/:uid/abort', async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(request, reply);
    return finish(request, reply, {
      error: 'access_denied',
      error_description: 'The user cancelled the sign-in',
    });
  });
}

function translateErrors(p: PageContext, errors: SignUpErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, key] of Object.entries(errors) as [
    keyof SignUpErrors,
    SignUpErrors[keyof SignUpErrors],
  ][]) {
    if (key) out[field] = p.t(key);
  }
  return out;
}
