import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { APP_LANGUAGE_COOKIE } from '../../plugins/web';
import { serializeCookie } from './cookies';
import { LANGUAGE_COOKIE, negotiateLanguage, switchLanguageHref } from './language';
import { pageHeaders, type FormGuard } from './page-security';
import { readCookie } from './cookies';
import type { PageContext } from './views/layout';
import { translator } from './views/strings';

/** The app's one-time language cookie (apps/web/src/lib/i18n, SIGN_IN_LANGUAGE_COOKIE). */
const SIGN_IN_LANGUAGE_COOKIE = 'arcadia_lang_chosen';

/**
 * The context of an identity page rendered by our routes: language (remembering an explicit
 * ?lang= switch in a cookie), texts, the form token; and the page headers set on the reply.
 */
export function pageContext(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { config: Config; forms: FormGuard },
  uiLocales?: string,
): PageContext {
  const { config } = deps;
  const query = (request.query as { lang?: unknown } | undefined)?.lang;
  const explicit = query === 'de' || query === 'en' ? query : undefined;
  const language = negotiateLanguage({
    query: explicit,
    cookie: readCookie(request.headers.cookie, LANGUAGE_COOKIE),
    uiLocales,
    acceptLanguage: request.headers['accept-language'],
  });
  if (explicit) {
    const remembered = { path: '/', maxAge: 365 * 24 * 60 * 60, httpOnly: false };
    reply.header('set-cookie', [
      serializeCookie(LANGUAGE_COOKIE, explicit, {
        ...remembered,
        secure: config.publicUrl.startsWith('https:'),
      }),
      // The player's switch for the app (apps/web/src/lib/i18n reads it once at its next start):
      // they go on in the app in this language, not in the one it stored before the sign-in.
      serializeCookie(SIGN_IN_LANGUAGE_COOKIE, explicit, {
        path: '/',
        maxAge: 60 * 60,
        httpOnly: false,
        secure: false,
      }),
      // And for the server's first page of the app (its strings preloaded in this language).
      serializeCookie(APP_LANGUAGE_COOKIE, explicit, { ...remembered, secure: false }),
    ]);
  }
  reply.headers(pageHeaders(config));
  reply.type('text/html; charset=utf-8');
  return {
    language,
    t: translator(language),
    switchLanguageHref: switchLanguageHref(request.url, language),
    appUrl: `${config.publicUrl}/`,
    formToken: deps.forms.token(request, reply),
  };
}
