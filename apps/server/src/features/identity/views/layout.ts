import { GAMEPAD_MARK } from '../../brand';
import { html, SafeHtml } from './html';
import type { Language, MessageKey, Translate } from './strings';
import { IDENTITY_FONTS_PATH } from './fonts';
import { IDENTITY_CSS_PATH } from './style';
import { revealPasswordScript } from './reveal-password';

/** What every identity page knows about the request it answers. */
export interface PageContext {
  language: Language;
  t: Translate;
  /** The same page in the other language (keeps the path and query). */
  switchLanguageHref: string;
  /** The web app (the brand links there). */
  appUrl: string;
  /** Token of the double-submit form protection, put in every form. */
  formToken: string;
}

export interface FieldOptions {
  name: string;
  label: MessageKey;
  type: 'email' | 'password' | 'text';
  autocomplete: string;
  value?: string;
  error?: string | undefined;
  hint?: string | undefined;
  attributes?: SafeHtml;
  autofocus?: boolean;
}

/** A labelled input; its hint and error are tied to it with aria-describedby. */
export function field(ctx: PageContext, o: FieldOptions): SafeHtml {
  const hintId = o.hint ? `${o.name}-hint` : undefined;
  const errorId = o.error ? `${o.name}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  const input = html`<input
    id="${o.name}"
    name="${o.name}"
    type="${o.type}"
    autocomplete="${o.autocomplete}"
    required
    aria-required="true"
    ${o.value !== undefined && o.type !== 'password' ? html` value="${o.value}"` : ''}${o.error ? html` aria-invalid="true"` : ''}${describedBy ? html` aria-describedby="${describedBy}"` : ''}${o.autofocus ? html` autofocus` : ''}${o.attributes ? html` ${o.attributes}` : ''}
  />`;
  return html`<div class="field">
    <label for="${o.name}">${ctx.t(o.label)}</label>
    ${o.type === 'password' ? html`<div class="secret">${input}${revealButton(ctx, o.name)}</div>` : input}
    ${o.hint ? html`<p class="hint" id="${hintId}">${o.hint}</p>` : ''}
    ${o.error ? html`<p class="field-error" id="${errorId}">${o.error}</p>` : ''}
  </div>`;
}

/** The show/hide button of a password field, shown by its script (reveal-password.ts). */
const revealButton = (ctx: PageContext, input: string) =>
  html`<button
    type="button"
    class="reveal"
    data-reveal="${input}"
    data-show="${ctx.t('password.show')}"
    data-hide="${ctx.t('password.hide')}"
    data-show-label="${ctx.t('password.showLabel')}"
    data-hide-label="${ctx.t('password.hideLabel')}"
    aria-label="${ctx.t('password.showLabel')}"
    hidden
  >
    ${ctx.t('password.show')}
  </button>`;

/** Errors announced to screen readers as soon as the page shows them. */
export function alert(messages: string[], title?: string): SafeHtml {
  if (messages.length === 0) return html``;
  if (messages.length === 1 && !title)
    return html`<div class="alert" role="alert">${messages[0]}</div>`;
  return html`<div class="alert" role="alert">
    ${title ?? ''}
    <ul>
      ${messages.map((m) => html`<li>${m}</li>`)}
    </ul>
  </div>`;
}

export const notice = (message: string) => html`<div class="notice" role="status">${message}</div>`;

export const formTokenInput = (ctx: PageContext) =>
  html`<input type="hidden" name="csrf" value="${ctx.formToken}" />`;

export function page(ctx: PageContext, title: string, body: SafeHtml): string {
  const other = ctx.language === 'de' ? 'en' : 'de';
  return html`<!doctype html>
    <html lang="${ctx.language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark" />
        <meta name="robots" content="noindex" />
        <meta name="referrer" content="same-origin" />
        <title>${title} · ${ctx.t('app.name')}</title>
        <link rel="icon" href="/favicon.ico" sizes="32x32 64x64" />
        <link rel="stylesheet" href="${IDENTITY_FONTS_PATH}" />
        <link rel="stylesheet" href="${IDENTITY_CSS_PATH}" />
      </head>
      <body>
        <header class="top">
          <div class="top-inner">
            <a class="brand" href="${ctx.appUrl}" aria-label="${ctx.t('app.home')}"
              >${new SafeHtml(GAMEPAD_MARK)}<span class="brand-name">Arcadia</span></a
            >
            <a
              class="lang"
              href="${ctx.switchLanguageHref}"
              hreflang="${other}"
              lang="${other}"
              aria-label="${ctx.t('lang.switchLabel')}"
              >${ctx.t('lang.switch')}</a
            >
          </div>
        </header>
        <div class="content">
          <main aria-labelledby="title">
            <h1 id="title">${title}</h1>
            ${body}
          </main>
        </div>
        ${body.value.includes('data-reveal=') ? revealPasswordScript : ''}
      </body>
    </html> `.value;
}
