import type { Config } from '../../config';
import type { Mail } from './mailer';
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
