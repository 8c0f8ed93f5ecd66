import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config';
import { LANGUAGE_COOKIE, negotiateLanguage, switchLanguageHref } from './language';
import { pageHeaders } from './page-security';
import { SafeHtml } from './views/html';
import type { PageContext } from './views/layout';
import { logoutPage, messagePage } from './views/pages';
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
    switchLanguageHref: switchLanguageHref(ctx.originalUrl, language),
    appUrl: `${config.publicUrl}/`,
    formToken: '',
  };
}

function respond(ctx: Ctx, config: Config, body: string, status?: number) {
  for (const [name, value] of Object.entries(pageHeaders(config))) ctx.set(name, value);
  if (status) ctx.status = status;
  ctx.type = 'html';
  ctx.body = body;
}

/** The pages the provider itself renders (logout confirmation, signed out, errors), in our look. */
export function providerPages(config: Config) {
  const appLink = (p: PageContext) => [{ href: p.appUrl, label: p.t('app.back') }];
  return {
    logoutSource: (ctx: Ctx, form: string) => {
      const p = pageContext(ctx, config);
      // The provider's form: a hidden xsrf field, posted by the buttons through form="op.logoutForm".
      respond(ctx, config, logoutPage(p, new SafeHtml(form)));
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
