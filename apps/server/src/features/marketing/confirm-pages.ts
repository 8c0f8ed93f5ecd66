/**
 * The pages behind the links of the confirmation mails (no app session, no script). Following a
 * link only shows a question with a button; the button (a form POST) confirms. Mail scanners and
 * link previews open links on their own, and such a visit must not consent for anybody.
 */
type Kind = 'player' | 'parent';
type Language = 'de' | 'en';

const TEXTS = {
  de: {
    title: { player: 'Marketing-Mails bestätigen', parent: 'Einwilligung der Eltern' },
    ask: {
      player: (name: string) =>
        `Hallo ${name}! Möchtest du Neuigkeiten und Aktionen von Arcadia per Mail bekommen? Abbestellen geht jederzeit in den Einstellungen der App und über den Link in jeder Marketing-Mail.`,
      parent: (name: string) =>
        `${name} möchte Neuigkeiten und Aktionen von Arcadia per Mail bekommen. Weil ${name} jünger als 16 ist, braucht es dafür deine Einwilligung. Abbestellen geht jederzeit in den Einstellungen der App und über den Link in jeder Marketing-Mail.`,
    },
    button: { player: 'Ja, Mails bekommen', parent: 'Ich willige ein' },
    done: (name: string) =>
      `Danke! Deine Einwilligung ist gespeichert: ${name} bekommt jetzt Marketing-Mails von Arcadia. Abbestellen geht jederzeit in den Einstellungen der App und über den Link in jeder Marketing-Mail.`,
    invalid:
      'Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt. Es wurde nichts geändert.',
    back: 'Zu Arcadia',
  },
  en: {
    title: { player: 'Confirm marketing mail', parent: 'Parental consent' },
    ask: {
      player: (name: string) =>
        `Hello ${name}! Would you like to get news and offers from Arcadia by mail? Unsubscribing works at any time in the app’s settings and through the link in every marketing mail.`,
      parent: (name: string) =>
        `${name} would like to get news and offers from Arcadia by mail. As ${name} is younger than 16, this needs your consent. Unsubscribing works at any time in the app’s settings and through the link in every marketing mail.`,
    },
    button: { player: 'Yes, send me mail', parent: 'I consent' },
    done: (name: string) =>
      `Thank you! Your consent is recorded: ${name} now receives marketing mail from Arcadia. Unsubscribing works at any time in the app’s settings and through the link in every marketing mail.`,
    invalid: 'This link is invalid, expired or was used already. Nothing was changed.',
    back: 'To Arcadia',
  },
} as const;

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<title>${escape(title)} – Arcadia</title></head>
<body>
<main>
<h1>${escape(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** The question with the button that confirms (a POST of the token to `action`). */
export function askPage(
  kind: Kind,
  language: Language,
  action: string,
  token: string,
  userName: string,
): string {
  const t = TEXTS[language];
  return page(
    language,
    t.title[kind],
    `<p>${escape(t.ask[kind](userName))}</p>
<form method="post" action="${escape(action)}">
<input type="hidden" name="token" value="${escape(token)}">
<button type="submit">${escape(t.button[kind])}</button>
</form>`,
  );
}

/** After the parent's button: a thank-you naming the player, or why nothing happened. */
export function parentResultPage(publicUrl: string, language: Language, userName?: string): string {
  const t = TEXTS[language];
  const message = userName === undefined ? t.invalid : t.done(userName);
  return page(
    language,
    t.title.parent,
    `<p role="status">${escape(message)}</p>
<p><a href="${escape(publicUrl)}/">${escape(t.back)}</a></p>`,
  );
}
