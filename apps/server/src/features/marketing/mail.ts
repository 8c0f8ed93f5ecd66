import { MARKETING_CONFIRMATION_HOURS, PARENT_CONFIRMATION_HOURS } from '@arcadia/contracts';
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

const PARENT_TEXTS = {
  de: {
    subject: (name: string) => `Bitte bestätige: Marketing-Mails von Arcadia für ${name}`,
    greeting: 'Hallo,',
    body: (name: string, mail: string) =>
      `dein Kind (Spielername „${name}“, E-Mail ${mail}) möchte Marketing-Mails von Arcadia bekommen: Neuigkeiten und Aktionen. Weil es jünger als 16 ist, braucht es dafür deine Einwilligung (DSGVO Art. 8).`,
    confirm: `Wenn du einverstanden bist, bestätige hier (${PARENT_CONFIRMATION_HOURS} Stunden gültig):`,
    ignore:
      'Bist du nicht einverstanden oder kennst du das Konto nicht? Dann ignoriere diese Mail: ohne deine Bestätigung bekommt dein Kind keine Marketing-Mails.',
    withdraw:
      'Abbestellen geht jederzeit in den Einstellungen der App und über den Link in jeder Marketing-Mail.',
  },
  en: {
    subject: (name: string) => `Please confirm: marketing mail from Arcadia for ${name}`,
    greeting: 'Hello,',
    body: (name: string, mail: string) =>
      `your child (player name “${name}”, e-mail ${mail}) would like to receive marketing mail from Arcadia: news and offers. As they are under 16, this needs your consent (GDPR Art. 8).`,
    confirm: `If you agree, please confirm here (valid for ${PARENT_CONFIRMATION_HOURS} hours):`,
    ignore:
      'If you do not agree or do not know this account, ignore this mail: without your confirmation your child gets no marketing mail.',
    withdraw:
      'Unsubscribing works at any time in the app’s settings and through the link in every marketing mail.',
  },
} as const;

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The link of the parent's confirmation mail (a player under 16). */
export const parentConfirmUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/marketing/parent-confirm?token=${token}`;

/** The links of marketing mail, to the API's confirm and unsubscribe routes. */
export const confirmUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/marketing/confirm?token=${token}`;
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/marketing/unsubscribe?token=${token}`;

/** The double opt-in mail to the profile's address, in the profile's language. */
export function confirmationMail(
  config: Pick<Config, 'publicUrl'>,
  user: { mail: string; userName: string; language: 'de' | 'en' },
  links: Extract<ConfirmationLinks, { to: 'player' }>,
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

/**
 * The mail to the parent of a player under 16, in the player's language (the parent chose
 * nothing yet): who asks, what for, the confirm link.
 */
export function parentConfirmationMail(
  config: Pick<Config, 'publicUrl'>,
  user: { mail: string | null; userName: string; language: 'de' | 'en' },
  links: Extract<ConfirmationLinks, { to: 'parent' }>,
): Mail {
  const t = PARENT_TEXTS[user.language];
  const confirm = parentConfirmUrl(config.publicUrl, links.parentToken);
  const body = t.body(user.userName, user.mail ?? '–');
  const text = [
    t.greeting,
    '',
    body,
    '',
    t.confirm,
    confirm,
    '',
    t.ignore,
    '',
    t.withdraw,
    '',
    'Arcadia',
  ].join('\n');
  const html = [
    `<p>${escape(t.greeting)}</p>`,
    `<p>${escape(body)}</p>`,
    `<p>${escape(t.confirm)}<br><a href="${escape(confirm)}">${escape(confirm)}</a></p>`,
    `<p>${escape(t.ignore)}</p>`,
    `<p>${escape(t.withdraw)}</p>`,
    '<p>Arcadia</p>',
  ].join('\n');
  return {
    to: links.parentMail,
    subject: t.subject(user.userName),
    text,
    html,
    links: [confirm],
    expiresInSeconds: PARENT_CONFIRMATION_HOURS * 3600,
  };
}
