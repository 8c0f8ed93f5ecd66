/**
 * The page a parent sees after following the confirmation link (no app session, no script): a
 * thank-you naming the player, or why nothing happened.
 */
const TEXTS = {
  de: {
    title: 'Einwilligung der Eltern',
    done: (name: string) =>
      `Danke! Deine Einwilligung ist gespeichert: ${name} bekommt jetzt Marketing-Mails von Arcadia. Abbestellen geht jederzeit in den Einstellungen der App und über den Link in jeder Marketing-Mail.`,
    invalid:
      'Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt. Es wurde nichts geändert.',
    back: 'Zu Arcadia',
  },
  en: {
    title: 'Parental consent',
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

export function parentPage(publicUrl: string, language: 'de' | 'en', userName?: string): string {
  const t = TEXTS[language];
  const message = userName === undefined ? t.invalid : t.done(userName);
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(t.title)} – Arcadia</title></head>
<body>
<main>
<h1>${escape(t.title)}</h1>
<p role="status">${escape(message)}</p>
<p><a href="${escape(publicUrl)}/">${escape(t.back)}</a></p>
</main>
</body>
</html>
`;
}
