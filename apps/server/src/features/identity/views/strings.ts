/**
 * Every text of the identity pages and mails, German (the default) and English. Placeholders in
 * braces are filled by `t()`.
 */
const de = {
  'lang.switch': 'English',
  'lang.switchLabel': 'Switch to English',
  'app.name': 'Arcadia',
  'app.back': 'Zurück zu Arcadia',
  'app.home': 'Arcadia – Startseite',
  'common.email': 'E-Mail-Adresse',
  'common.password': 'Passwort',
  'password.show': 'Anzeigen',
  'password.hide': 'Verbergen',
  'password.showLabel': 'Passwort anzeigen',
  'password.hideLabel': 'Passwort verbergen',
  'common.cancel': 'Abbrechen',
  'common.backToSignIn': 'Zurück zur Anmeldung',
  'common.required': 'Pflichtfeld',
  'signIn.title': 'Anmelden',
  'signIn.intro': 'Melde dich mit deinem Arcadia-Konto an.',
  'signIn.submit': 'Anmelden',
  'signIn.noAccount': 'Noch kein Konto?',
  'signIn.createAccount': 'Konto erstellen',
  'signIn.forgot': 'Passwort vergessen?',
  'signIn.signUpTaken':
    'Für diese E-Mail-Adresse gibt es vielleicht schon ein Konto: Wir haben eine E-Mail an die Adresse geschickt. Melde dich an oder setze dein Passwort zurück.',
  'signIn.invalid': 'E-Mail-Adresse oder Passwort ist falsch.',
  'signIn.suspended':
    'Dieses Konto ist gesperrt. Wende dich an das Team deiner Arcade, wenn du Fragen dazu hast.',
  'signIn.throttled':
    'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in {minutes} Minuten erneut.',
  'signIn.resetDone': 'Dein Passwort wurde geändert. Melde dich jetzt mit dem neuen Passwort an.',
  'signUp.title': 'Konto erstellen',
  'signUp.intro': 'Ein Konto für alle Arcadia-Arenen.',
  'signUp.nickname': 'Spitzname',
  'signUp.nicknameHint': '3 bis 12 Zeichen, für andere sichtbar.',
  'signUp.passwordRules':
    'Mindestens 10 Zeichen, mit Buchstaben und Ziffern, nicht deine E-Mail-Adresse und nicht leicht zu erraten.',
  'signUp.submit': 'Konto erstellen',
  'signUp.haveAccount': 'Schon ein Konto?',
  'signUp.signIn': 'Anmelden',
  'signUp.errorsTitle': 'Bitte korrigiere die markierten Felder.',
  'field.emailInvalid': 'Bitte gib eine gültige E-Mail-Adresse ein.',
  'field.nicknameLength': 'Der Spitzname muss 3 bis 12 Zeichen lang sein.',
  'field.nicknameChars':
    'Der Spitzname braucht sichtbare Zeichen und darf keine Steuerzeichen enthalten.',
  'field.nicknameTaken': 'Dieser Spitzname ist schon vergeben. Wähle einen anderen.',
  'field.password.tooShort': 'Das Passwort muss mindestens 10 Zeichen lang sein.',
  'field.password.tooLong': 'Das Passwort darf höchstens 200 Zeichen lang sein.',
  'field.password.needsLetterAndDigit': 'Das Passwort muss Buchstaben und Ziffern enthalten.',
  'field.password.isEmail': 'Das Passwort darf nicht deine E-Mail-Adresse sein.',
  'field.password.easilyGuessed':
    'Dieses Passwort ist zu leicht zu erraten. Nimm zum Beispiel mehrere Wörter mit Ziffern dazwischen.',
  'field.passwordRequired': 'Bitte gib dein Passwort ein.',
  'forgot.title': 'Passwort vergessen',
  'forgot.intro':
    'Gib die E-Mail-Adresse deines Kontos ein. Wir schicken dir einen Link, mit dem du ein neues Passwort festlegst.',
  'forgot.submit': 'Link senden',
  'forgot.sent':
    'Wenn es ein Konto mit dieser E-Mail-Adresse gibt, haben wir dir einen Link geschickt. Er ist eine Stunde gültig.',
  'reset.title': 'Neues Passwort festlegen',
  'reset.newPassword': 'Neues Passwort',
  'reset.submit': 'Passwort speichern',
  'reset.invalid':
    'Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt. Fordere einen neuen an.',
  'reset.requestNew': 'Neuen Link anfordern',
  'reset.done':
    'Dein Passwort wurde geändert. Aus Sicherheitsgründen wurdest du überall abgemeldet.',
  'mail.reset.subject': 'Dein Arcadia-Passwort zurücksetzen',
  'mail.reset.greeting': 'Hallo {nickname},',
  'mail.reset.body':
    'jemand (hoffentlich du) möchte das Passwort deines Arcadia-Kontos zurücksetzen. Über diesen Link legst du ein neues fest. Er ist eine Stunde gültig und funktioniert nur einmal:',
  'mail.reset.ignore':
    'Wenn du das nicht warst, ignoriere diese Mail einfach. Dein Passwort bleibt unverändert.',
  'mail.signUpTaken.subject': 'Anmeldeversuch mit deiner E-Mail-Adresse bei Arcadia',
  'mail.signUpTaken.body':
    'jemand hat gerade versucht, mit deiner E-Mail-Adresse ein neues Arcadia-Konto zu erstellen. Du hast schon ein Konto, deshalb wurde kein neues angelegt.',
  'mail.signUpTaken.signIn': 'Warst du das? Dann melde dich einfach an:',
  'mail.signUpTaken.reset': 'Passwort vergessen? Hier legst du ein neues fest:',
  'mail.signUpTaken.ignore':
    'Wenn du das nicht warst, ignoriere diese Mail einfach. An deinem Konto hat sich nichts geändert.',
  'mail.verify.subject': 'Bestätige deine E-Mail-Adresse für Arcadia',
  'mail.verify.body':
    'willkommen bei Arcadia! Bitte bestätige deine E-Mail-Adresse über diesen Link. Er ist 24 Stunden gültig und funktioniert nur einmal:',
  'mail.verify.ignore': 'Wenn du kein Arcadia-Konto angelegt hast, ignoriere diese Mail einfach.',
  'verify.title': 'E-Mail-Adresse bestätigen',
  'verify.question': 'Ist das deine E-Mail-Adresse? Dann bestätige sie hier.',
  'verify.submit': 'E-Mail-Adresse bestätigen',
  'verify.done': 'Danke! Deine E-Mail-Adresse ist jetzt bestätigt.',
  'verify.invalid':
    'Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde schon benutzt. In den Einstellungen der App kannst du eine neue Bestätigungsmail anfordern.',
  'verify.toSettings': 'Zu den Einstellungen',
  'logout.title': 'Abmelden',
  'logout.question': 'Möchtest du dich von Arcadia abmelden?',
  'logout.yes': 'Ja, abmelden',
  'logout.no': 'Nein, angemeldet bleiben',
  'logout.done': 'Du bist abgemeldet.',
  'logout.signingOut': 'Du wirst abgemeldet …',
  'error.title': 'Da ist etwas schiefgelaufen',
  'error.expired':
    'Diese Anmeldung ist abgelaufen oder wurde in einem anderen Fenster beendet. Bitte starte die Anmeldung in der App erneut.',
  'error.form':
    'Das Formular ist abgelaufen. Bitte lade die Seite neu und versuche es noch einmal.',
  'error.generic': 'Bitte versuche es noch einmal. Fehler: {code}',
  'error.tooMany': 'Zu viele Anfragen. Bitte versuche es in {minutes} Minuten erneut.',
} as const;

export type MessageKey = keyof typeof de;
export type Language = 'de' | 'en';

const en: Record<MessageKey, string> = {
  'lang.switch': 'Deutsch',
  'lang.switchLabel': 'Auf Deutsch wechseln',
  'app.name': 'Arcadia',
  'app.back': 'Back to Arcadia',
  'app.home': 'Arcadia – home',
  'common.email': 'E-mail address',
  'common.password': 'Password',
  'password.show': 'Show',
  'password.hide': 'Hide',
  'password.showLabel': 'Show password',
  'password.hideLabel': 'Hide password',
  'common.cancel': 'Cancel',
  'common.backToSignIn': 'Back to sign in',
  'common.required': 'Required',
  'signIn.title': 'Sign in',
  'signIn.intro': 'Sign in with your Arcadia account.',
  'signIn.submit': 'Sign in',
  'signIn.noAccount': 'No account yet?',
  'signIn.createAccount': 'Create account',
  'signIn.forgot': 'Forgot your password?',
  'signIn.signUpTaken':
    'This e-mail address may already have an account: we sent a mail to it. Sign in or choose a new password.',
  'signIn.invalid': 'The e-mail address or password is incorrect.',
  'signIn.suspended':
    'This account is suspended. Please contact the team of your arcade if you have questions.',
  'signIn.throttled': 'Too many failed sign-in attempts. Please try again in {minutes} minutes.',
  'signIn.resetDone': 'Your password was changed. Sign in with your new password now.',
  'signUp.title': 'Create account',
  'signUp.intro': 'One account for every Arcadia arena.',
  'signUp.nickname': 'Nickname',
  'signUp.nicknameHint': '3 to 12 characters, visible to others.',
  'signUp.passwordRules':
    'At least 10 characters, with letters and digits, not your e-mail address and not easy to guess.',
  'signUp.submit': 'Create account',
  'signUp.haveAccount': 'Already have an account?',
  'signUp.signIn': 'Sign in',
  'signUp.errorsTitle': 'Please correct the marked fields.',
  'field.emailInvalid': 'Please enter a valid e-mail address.',
  'field.nicknameLength': 'The nickname must be 3 to 12 characters long.',
  'field.nicknameChars':
    'The nickname needs visible characters and must not contain control characters.',
  'field.nicknameTaken': 'This nickname is already taken. Choose another one.',
  'field.password.tooShort': 'The password must be at least 10 characters long.',
  'field.password.tooLong': 'The password must be at most 200 characters long.',
  'field.password.needsLetterAndDigit': 'The password must contain letters and digits.',
  'field.password.isEmail': 'The password must not be your e-mail address.',
  'field.password.easilyGuessed':
    'This password is too easy to guess. Try several words with digits between them, for example.',
  'field.passwordRequired': 'Please enter your password.',
  'forgot.title': 'Forgot password',
  'forgot.intro':
    "Enter your account's e-mail address. We will send you a link to choose a new password.",
  'forgot.submit': 'Send link',
  'forgot.sent':
    'If there is an account with this e-mail address, we have sent you a link. It is valid for one hour.',
  'reset.title': 'Choose a new password',
  'reset.newPassword': 'New password',
  'reset.submit': 'Save password',
  'reset.invalid': 'This link is invalid, expired or already used. Request a new one.',
  'reset.requestNew': 'Request a new link',
  'reset.done': 'Your password was changed. For your security you were signed out everywhere.',
  'mail.reset.subject': 'Reset your Arcadia password',
  'mail.reset.greeting': 'Hi {nickname},',
  'mail.reset.body':
    'someone (hopefully you) asked to reset the password of your Arcadia account. Use this link to choose a new one. It is valid for one hour and works only once:',
  'mail.reset.ignore': "If this wasn't you, just ignore this mail. Your password stays unchanged.",
  'mail.signUpTaken.subject': 'Sign-up attempt with your e-mail address at Arcadia',
  'mail.signUpTaken.body':
    'someone just tried to create a new Arcadia account with your e-mail address. You already have an account, so no new one was created.',
  'mail.signUpTaken.signIn': 'Was it you? Then just sign in:',
  'mail.signUpTaken.reset': 'Forgot your password? Choose a new one here:',
  'mail.signUpTaken.ignore':
    "If this wasn't you, just ignore this mail. Nothing about your account has changed.",
  'mail.verify.subject': 'Confirm your e-mail address for Arcadia',
  'mail.verify.body':
    'welcome to Arcadia! Please confirm your e-mail address with this link. It is valid for 24 hours and works only once:',
  'mail.verify.ignore': "If you didn't create an Arcadia account, just ignore this mail.",
  'verify.title': 'Confirm e-mail address',
  'verify.question': 'Is this your e-mail address? Then confirm it here.',
  'verify.submit': 'Confirm e-mail address',
  'verify.done': 'Thank you! Your e-mail address is now confirmed.',
  'verify.invalid':
    'This confirmation link is invalid, expired or already used. You can request a new confirmation mail in the app settings.',
  'verify.toSettings': 'Go to settings',
  'logout.title': 'Sign out',
  'logout.question': 'Do you want to sign out of Arcadia?',
  'logout.yes': 'Yes, sign out',
  'logout.no': 'No, stay signed in',
  'logout.done': 'You are signed out.',
  'logout.signingOut': 'Signing you out …',
  'error.title': 'Something went wrong',
  'error.expired':
    'This sign-in has expired or was finished in another window. Please start signing in again from the app.',
  'error.form': 'The form has expired. Please reload the page and try again.',
  'error.generic': 'Please try again. Error: {code}',
  'error.tooMany': 'Too many requests. Please try again in {minutes} minutes.',
};

const dictionaries: Record<Language, Record<MessageKey, string>> = { de, en };

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(language: Language): Translate {
  const dictionary = dictionaries[language];
  return (key, values) =>
    dictionary[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      values && name in values ? String(values[name]) : whole,
    );
}
