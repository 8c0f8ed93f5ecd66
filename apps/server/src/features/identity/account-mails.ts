import type { Config } from '../../config';
import type { Mail } from './mailer';
import { EMAIL_VERIFICATION_TTL } from './lifetimes';
import { html } from './views/html';
import { translator, type Language } from './views/strings';

/**
 * To the owner of an e-mail address someone tried to sign up with: no new account was made;
 * sign in, or choose a new password. In the account's language; it carries no secret.
 */
export function signUpTakenMail(
  config: Pick<Config, 'publicUrl'>,
  account: { email: string; nickname: string; language: Language },
): Mail {
  const t = translator(account.language);
  const signIn = `${config.publicUrl}/login`;
  const reset = `${config.publicUrl}/oidc/forgot?lang=${account.language}`;
  const greeting = t('mail.reset.greeting', { nickname: account.nickname });
  const text = [
    greeting,
    '',
    t('mail.signUpTaken.body'),
    '',
    t('mail.signUpTaken.signIn'),
    signIn,
    '',
    t('mail.signUpTaken.reset'),
    reset,
    '',
    t('mail.signUpTaken.ignore'),
    '',
    'Arcadia',
  ].join('\n');
  const body = html`<p>${greeting}</p>
    <p>${t('mail.signUpTaken.body')}</p>
    <p>${t('mail.signUpTaken.signIn')} <a href="${signIn}">${signIn}</a></p>
    <p>${t('mail.signUpTaken.reset')} <a href="${reset}">${reset}</a></p>
    <p>${t('mail.signUpTaken.ignore')}</p>
    <p>Arcadia</p>`;
  return {
    to: account.email,
    subject: t('mail.signUpTaken.subject'),
    text,
    html: body.value,
    links: [signIn, reset],
  };
}

/**
 * The e-mail verification mail: a 24-hour, single-use link to `/oidc/verify`, in the account's
 * language (a new account's is the language of the sign-up page).
 */
export function verificationMail(
  config: Pick<Config, 'publicUrl'>,
  account: { email: string; nickname: string; language: Language },
  token: string,
): Mail {
  const t = translator(account.language);
  const link = `${config.publicUrl}/oidc/verify?token=${token}&lang=${account.language}`;
  const greeting = t('mail.reset.greeting', { nickname: account.nickname });
  const text = [
    greeting,
    '',
    t('mail.verify.body'),
    link,
    '',
    t('mail.verify.ignore'),
    '',
    'Arcadia',
  ].join('\n');
  const body = html`<p>${greeting}</p>
    <p>${t('mail.verify.body')}</p>
    <p><a href="${link}">${link}</a></p>
    <p>${t('mail.verify.ignore')}</p>
    <p>Arcadia</p>`;
  return {
    to: account.email,
    subject: t('mail.verify.subject'),
    text,
    html: body.value,
    links: [link],
    expiresInSeconds: EMAIL_VERIFICATION_TTL,
  };
}
