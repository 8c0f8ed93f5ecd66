import { USERNAME_MAX, USERNAME_MIN } from '@arcadia/contracts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../passwords';
import { html, SafeHtml } from './html';
import { alert, field, formTokenInput, notice, page, type PageContext } from './layout';

export type FieldErrors = Partial<Record<'email' | 'password' | 'nickname', string>>;

const lengths = (min: number, max: number) => html`minlength="${min}" maxlength="${max}"`;

export interface SignInView {
  action: string;
  signUpHref: string;
  forgotHref: string;
  cancelHref: string;
  email?: string;
  /** Wrong e-mail or password (one message for both: which one is not told). */
  error?: string;
  /** An empty or malformed field, at that field. */
  fieldErrors?: { email?: string; password?: string };
  notice?: string;
}

export function signInPage(ctx: PageContext, v: SignInView): string {
  const { t } = ctx;
  const fields = v.fieldErrors ?? {};
  // The one message names both fields: both are marked and described by it.
  const both = v.error ? html`aria-invalid="true" aria-describedby="signin-error"` : undefined;
  const first = fields.email ? 'email' : fields.password ? 'password' : undefined;
  return page(
    ctx,
    t('signIn.title'),
    html`<p class="intro">${t('signIn.intro')}</p>
      ${v.notice ? notice(v.notice) : ''}${v.error ? html`<div class="alert" role="alert" id="signin-error">${v.error}</div>` : alert(Object.values(fields))}
      <form method="post" action="${v.action}" novalidate>
        ${formTokenInput(ctx)}
        ${field(ctx, { name: 'email', label: 'common.email', type: 'email', autocomplete: 'username', value: v.email ?? '', error: fields.email, attributes: both, autofocus: first ? first === 'email' : !v.email })}
        ${field(ctx, { name: 'password', label: 'common.password', type: 'password', autocomplete: 'current-password', error: fields.password, attributes: both, autofocus: first ? first === 'password' : Boolean(v.email) })}
        <button class="primary" type="submit">${t('signIn.submit')}</button>
      </form>
      <div class="links">
        <p><a href="${v.forgotHref}">${t('signIn.forgot')}</a></p>
        <p>${t('signIn.noAccount')} <a href="${v.signUpHref}">${t('signIn.createAccount')}</a></p>
        <p><a href="${v.cancelHref}">${t('common.cancel')}</a></p>
      </div>`,
  );
}

export interface SignUpView {
  action: string;
  signInHref: string;
  values?: { email?: string; nickname?: string };
  errors?: FieldErrors;
  formError?: string;
}

export function signUpPage(ctx: PageContext, v: SignUpView): string {
  const { t } = ctx;
  const errors = v.errors ?? {};
  // Focus goes to the first field with an error, else to the first field.
  const focus = (['email', 'nickname', 'password'] as const).find((f) => errors[f]) ?? 'email';
  // Each field's own message stands at the field (and is read with it, where the focus goes);
  // the alert at the top says that there are some, and what belongs to no field.
  const fieldErrors = [errors.email, errors.nickname, errors.password].filter(Boolean);
  const messages = [
    v.formError,
    fieldErrors.length > 0 ? t('signUp.errorsTitle') : undefined,
  ].filter((m): m is string => Boolean(m));
  return page(
    ctx,
    t('signUp.title'),
    html`<p class="intro">${t('signUp.intro')}</p>
      ${alert(messages)}
      <form method="post" action="${v.action}" novalidate>
        ${formTokenInput(ctx)}
        ${field(ctx, { name: 'email', label: 'common.email', type: 'email', autocomplete: 'email', value: v.values?.email ?? '', error: errors.email, autofocus: focus === 'email' })}
        ${field(ctx, { name: 'nickname', label: 'signUp.nickname', type: 'text', autocomplete: 'nickname', value: v.values?.nickname ?? '', error: errors.nickname, hint: t('signUp.nicknameHint'), attributes: lengths(USERNAME_MIN, USERNAME_MAX), autofocus: focus === 'nickname' })}
        ${field(ctx, { name: 'password', label: 'common.password', type: 'password', autocomplete: 'new-password', error: errors.password, hint: t('signUp.passwordRules'), attributes: lengths(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH), autofocus: focus === 'password' })}
        <button class="primary" type="submit">${t('signUp.submit')}</button>
      </form>
      <div class="links">
        <p>${t('signUp.haveAccount')} <a href="${v.signInHref}">${t('signUp.signIn')}</a></p>
      </div>`,
  );
}

export interface ForgotView {
  action: string;
  backHref: string | undefined;
  email?: string;
  error?: string;
  sent?: boolean;
}

export function forgotPage(ctx: PageContext, v: ForgotView): string {
  const { t } = ctx;
  const back: SafeHtml | string = v.backHref
    ? html`<div class="links">
        <p><a href="${v.backHref}">${t('common.backToSignIn')}</a></p>
      </div>`
    : '';
  if (v.sent) {
    return page(ctx, t('forgot.title'), html`${notice(t('forgot.sent'))}${back}`);
  }
  return page(
    ctx,
    t('forgot.title'),
    html`<p class="intro">${t('forgot.intro')}</p>
      ${alert(v.error ? [v.error] : [])}
      <form method="post" action="${v.action}" novalidate>
        ${formTokenInput(ctx)}
        ${field(ctx, { name: 'email', label: 'common.email', type: 'email', autocomplete: 'email', value: v.email ?? '', error: v.error, autofocus: true })}
        <button class="primary" type="submit">${t('forgot.submit')}</button>
      </form>
      ${back}`,
  );
}

export interface ResetView {
  action: string;
  token: string;
  error?: string;
}

export function resetPage(ctx: PageContext, v: ResetView): string {
  const { t } = ctx;
  return page(
    ctx,
    t('reset.title'),
    html`${alert(v.error ? [v.error] : [])}
      <form method="post" action="${v.action}" novalidate>
        ${formTokenInput(ctx)}
        <input type="hidden" name="token" value="${v.token}" />
        ${field(ctx, { name: 'password', label: 'reset.newPassword', type: 'password', autocomplete: 'new-password', error: v.error, hint: t('signUp.passwordRules'), attributes: lengths(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH), autofocus: true })}
        <button class="primary" type="submit">${t('reset.submit')}</button>
      </form>`,
  );
}

export interface VerifyView {
  action: string;
  token: string;
}

/**
 * The page of an e-mail verification link: a question and a button. Opening the link changes
 * nothing (mail scanners and link previews open links on their own); the button's post does.
 */
export function verifyPage(ctx: PageContext, v: VerifyView): string {
  const { t } = ctx;
  return page(
    ctx,
    t('verify.title'),
    html`<p class="intro">${t('verify.question')}</p>
      <form method="post" action="${v.action}" novalidate>
        ${formTokenInput(ctx)}
        <input type="hidden" name="token" value="${v.token}" />
        <button class="primary" type="submit" autofocus>${t('verify.submit')}</button>
      </form>`,
  );
}

/** A page with one message and links (reset done, link invalid, errors). */
export function messagePage(
  ctx: PageContext,
  title: string,
  message: { text: string; kind: 'notice' | 'error' },
  links: { href: string; label: string }[],
): string {
  return page(
    ctx,
    title,
    html`${message.kind === 'error' ? alert([message.text]) : notice(message.text)}
      <div class="links">
        ${links.map((l) => html`<p><a href="${l.href}">${l.label}</a></p>`)}
      </div>`,
  );
}

/** The RP-initiated logout confirmation; `form` is the provider's hidden form (xsrf token). */
export function logoutPage(ctx: PageContext, form: SafeHtml, stayHref: string): string {
  const { t } = ctx;
  return page(
    ctx,
    t('logout.title'),
    html`<p class="intro">${t('logout.question')}</p>
      ${form}
      <div class="actions">
        <button
          class="primary"
          type="submit"
          form="op.logoutForm"
          name="logout"
          value="yes"
          autofocus
        >
          ${t('logout.yes')}
        </button>
        <a class="button secondary" href="${stayHref}">${t('logout.no')}</a>
      </div>`,
  );
}

/** Submits the sign-out form as soon as it is parsed; its hash goes into the page's CSP. */
export const LOGOUT_SUBMIT_SCRIPT = "document.getElementById('op.logoutForm').submit();";
// Built apart from the page template, so formatting the template never changes the hashed text.
const submitScript = new SafeHtml(`<script>${LOGOUT_SUBMIT_SCRIPT}</script>`);

/**
 * The app's own sign-out: the provider's confirm form with logout=yes, posted by the script at
 * once (without scripts, one button does it).
 */
export function signingOutPage(ctx: PageContext, v: { action: string; xsrf: string }): string {
  const { t } = ctx;
  return page(
    ctx,
    t('logout.title'),
    html`<p class="intro" role="status">${t('logout.signingOut')}</p>
      <form id="op.logoutForm" method="post" action="${v.action}">
        <input type="hidden" name="xsrf" value="${v.xsrf}" />
        <input type="hidden" name="logout" value="yes" />
        <noscript><button class="primary" type="submit">${t('logout.yes')}</button></noscript>
      </form>
      ${submitScript}`,
  );
}
