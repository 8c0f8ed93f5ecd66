import { MARKETING_CONFIRMATION_HOURS } from '@arcadia/contracts';
import type { Config } from '../../config';
import type { Mail } from '../identity';
import type { ConfirmationLinks } from './service';

const TEXTS = {
  de: {
    subject: 'Bitte bestätige: Marketing-Mails von Arcadia',
    greeting: (name: string) => `Hallo ${name},`,
    body: 'du möchtest Marketing-Mails von Arcadia bekommen. Bitte bestätige das über diesen Link (24 Stunden gültig):',
    ignore: 'Warst du das nicht? Dann ignoriere diese Mail: ohne Bestätigung bekommst du nichts.',
    unsubscribe: 'Abmelden kannst du dich jederzeit hier:',
  },
  en: {
    subject: 'Please confirm: marketing mail from Arcadia',
    greeting: (name: string) => `Hello ${name},`,
    body: 'you asked to receive marketing mail from Arcadia. Please confirm with this link (valid for 24 hours):',
    ignore: 'Was it not you? Then ignore this mail: without confirmation you get nothing.',
    unsubscribe: 'You can unsubscribe at any time here:',
  },
} as const;

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The links of marketing mail, to the API's confirm and unsubscribe routes. */
export const confirmUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/marketing/confirm?token=${token}`;
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/marketing/unsubscribe?token=${token}`;

/** The double opt-in mail to the profile's address, in the profile's language. */
export function confirmationMail(
  config: Pick<Config, 'publicUrl'>,
  user: { mail: string; userName: string; language: 'de' | 'en' },
  links: ConfirmationLinks,
): Mail {
  const t = TEXTS[user.language];
  const confirm = confirmUrl(config.publicUrl, links.confirmToken);
  const unsubscribe = unsubscribeUrl(config.publicUrl, links.unsubscribeToken);
  const text = [
    t.greeting(user.userName),
    '',
    t.body,
    confirm,
    '',
    t.ignore,
    '',
    t.unsubscribe,
    unsubscribe,
    '',
    'Arcadia',
  ].join('\n');
  const html = [
    `<p>${escape(t.greeting(user.userName))}</p>`,
    `<p>${escape(t.body)}</p>`,
    `<p><a href="${escape(confirm)}">${escape(confirm)}</a></p>`,
    `<p>${escape(t.ignore)}</p>`,
    `<p>${escape(t.unsubscribe)} <a href="${escape(unsubscribe)}">${escape(unsubscribe)}</a></p>`,
    '<p>Arcadia</p>',
  ].join('\n');
  return {
    to: user.mail,
    subject: t.subject,
    text,
    html,
    links: [confirm, unsubscribe],
    expiresInSeconds: MARKETING_CONFIRMATION_HOURS * 3600,
  };
}
