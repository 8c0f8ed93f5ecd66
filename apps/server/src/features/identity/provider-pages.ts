import { createHash } from 'node:crypto';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config';
import { LANGUAGE_COOKIE, negotiateLanguage, switchLanguageHref } from './language';
import { pageHeaders } from './page-security';
import { SafeHtml } from './views/html';
import type { PageContext } from './views/layout';
import { LOGOUT_SUBMIT_SCRIPT, logoutPage, messagePage, signingOutPage } from './views/pages';
import { translator } from './views/strings';

type Ctx = KoaContextWithOIDC;

function pageContext(ctx: Ctx, config: Config): PageContext {
  const query = ctx.query.lang;
  const params = ctx.oidc?.params as { ui_locales?: unknown } | undefined;
  const language = negotiateLanguage({
    query: typeof query === 'string' ? query : undefined,
    cookie: ctx.cookies.get(LANGUAGE_COOKIE) ?? undefined,
    uiLocales: typeof params?.ui_locales === 'string' ? params.ui_locales : undefined,
    acceptLanguage: ctx.get('accept-language') || undefined,
  });
  return {
    language,
    t: translator(language),
    // The provider sees the path below its mount (`/v2/logout`); the link needs the whole one,
    // which the mount keeps on the request (features/identity/routes.ts).
    switchLanguageHref: switchLanguageHref(
      (ctx.req as { originalUrl?: string }).originalUrl ?? ctx.originalUrl,
      language,
    ),
    appUrl: `${config.publicUrl}/`,
    formToken: '',
  };
}

const LOGOUT_SCRIPT_HASH = createHash('sha256').update(LOGOUT_SUBMIT_SCRIPT).digest('base64');

function respond(ctx: Ctx, config: Config, body: string, status?: number, scriptHashes?: string[]) {
  for (const [name, value] of Object.entries(pageHeaders(config, { scriptHashes }))) {
    ctx.set(name, value);
  }
  if (status) ctx.status = status;
  ctx.type = 'html';
  ctx.body = body;
}

/**
 * A sign-out the app itself started for the signed-in player: our first-party client, with an ID
 * token hint of the account whose session this is. A hint of another account (a link someone
 * crafted with their own token) or none at all gets the confirmation.
 */
function isOwnAppSignOut(ctx: Ctx, config: Config): boolean {
  if (ctx.oidc.client?.clientId !== config.auth.clientId) return false;
  const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
  const accountId = ctx.oidc.session?.accountId;
  return Boolean(accountId) && hint?.payload?.sub === accountId;
}

/** The pages the provider itself renders (logout confirmation, signed out, errors), in our look. */
export function providerPages(config: Config) {
  const appLink = (p: PageContext) => [{ href: p.appUrl, label: p.t('app.back') }];
  return {
    logoutSource: (ctx: Ctx, form: string) => {
      const p = pageContext(ctx, config);
      if (isOwnAppSignOut(ctx, config)) {
        // The app's own Logout is the player's decision (spec §4: one step back to `/`): the
        // provider's form is posted with logout=yes at once, by a script the CSP names by hash.
        const { secret } = ctx.oidc.session!.state as { secret: string };
        const page = signingOutPage(p, {
          action: ctx.oidc.urlFor('end_session_confirm'),
          xsrf: secret,
        });
        respond(ctx, config, page, undefined, [LOGOUT_SCRIPT_HASH]);
        return;
      }
      // Anyone else is asked. Yes posts the provider's form (a hidden xsrf field, through
      // form="op.logoutForm"); No is a plain link back that touches nothing, so the session and
      // every app's grant stay.
      const back = ctx.oidc.params?.post_logout_redirect_uri;
      const stayHref = typeof back === 'string' && back ? back : p.appUrl;
      respond(ctx, config, logoutPage(p, new SafeHtml(form), stayHref));
    },
    /**
     * A sign-out with no session left at the provider (it expired, or deleting the profile ended
     * it): the provider skips `logoutSource` and answers its own bare auto-posted form, titled
     * 'Submitting Callback' in English with an English button without scripts. There is nothing
     * to ask, so it becomes our 'Du wirst abgemeldet …' page, which posts the same form at once.
     */
    signOutWithoutSession: (ctx: Ctx) => {
      const { secret } = ctx.oidc.session!.state as { secret: string };
      const page = signingOutPage(pageContext(ctx, config), {
        action: ctx.oidc.urlFor('end_session_confirm'),
        xsrf: secret,
      });
      respond(ctx, config, page, undefined, [LOGOUT_SCRIPT_HASH]);
    },
    postLogoutSuccessSource: (ctx: Ctx) => {
      const p = pageContext(ctx, config);
      respond(
        ctx,
        config,
        messagePage(
          p,
          p.t('logout.title'),
          { text: p.t('logout.done'), kind: 'notice' },
          appLink(p),
        ),
      );
    },
    renderError: (ctx: Ctx, out: { error: string; error_description?: string | undefined }) => {
      const p = pageContext(ctx, config);
      const expired =
        out.error === 'invalid_request' && /session|interaction/i.test(out.error_description ?? '');
      const text = expired
        ? p.t('error.expired')
        : `${p.t('error.generic', { code: out.error })}${out.error_description ? ` (${out.error_description})` : ''}`;
      respond(ctx, config, messagePage(p, p.t('error.title'), { text, kind: 'error' }, appLink(p)));
    },
  };
}
