/**
 * The scripts a user name may be written in: UAX #31's recommended scripts (Table 4), the ones in
 * common use today. Limited-use and historic scripts are left out as UTS #39's general security
 * profile leaves them out: a security review registered `NeonNovᥲ` (the last letter Tai Le)
 * beside `NeonNova`, and no confusables table knew that letter.
 */
const RECOMMENDED_SCRIPTS = [
  'Arabic',
  'Armenian',
  'Bengali',
  'Bopomofo',
  'Cyrillic',
  'Devanagari',
  'Ethiopic',
  'Georgian',
  'Greek',
  'Gujarati',
  'Gurmukhi',
  'Han',
  'Hangul',
  'Hebrew',
  'Hiragana',
  'Kannada',
  'Katakana',
  'Khmer',
  'Lao',
  'Latin',
  'Malayalam',
  'Myanmar',
  'Oriya',
  'Sinhala',
  'Tamil',
  'Telugu',
  'Thaana',
  'Thai',
  'Tibetan',
] as const;
type Script = (typeof RECOMMENDED_SCRIPTS)[number];

const IN_SCRIPT = RECOMMENDED_SCRIPTS.map(
  (script) => [script, new RegExp(`\\p{Script_Extensions=${script}}`, 'u')] as const,
);

/**
 * Latin letters in common use: ASCII, Latin-1, Latin Extended-A and -B, and Latin Extended
 * Additional (Vietnamese). Left out are the phonetic, small-capital and Extended-C/D/E letters
 * (`Ꞑ`, N with descender, passed for an N), which UTS #39 marks as technical or uncommon.
 */
const COMMON_LATIN = /[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF]/u;

/** Scripts written together in one language, which a name may mix (UTS #39 5.2). */
const MIXES: readonly (readonly Script[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

const LETTER = /\p{L}/u;

/**
 * Whether a user name's letters are common letters of one script, or of one of the mixes a
 * language writes with (UTS #39's highly restrictive level): `NeonNova`, `Jürgen`, `Дмитрий`,
 * `山田たろう` pass; `NеonNova` (a Cyrillic е), `NeonNovᥲ` and `ꞐeonNova` do not. Digits and
 * `_ . -` belong to every script. A letter counts for each script it is used in
 * (Script_Extensions: `ー` is Hiragana and Katakana).
 */
export function usernameScriptsAllowed(name: string): boolean {
  const letters: Script[][] = [];
  for (const char of name) {
    if (!LETTER.test(char)) continue;
    const scripts = IN_SCRIPT.filter(([, pattern]) => pattern.test(char)).map(([s]) => s);
    if (scripts.length === 0) return false;
    if (scripts.length === 1 && scripts[0] === 'Latin' && !COMMON_LATIN.test(char)) return false;
    letters.push(scripts);
  }
  const coveredBy = (allowed: readonly Script[]) =>
    letters.every((scripts) => scripts.some((s) => allowed.includes(s)));
  return (
    RECOMMENDED_SCRIPTS.some((script) => coveredBy([script])) || MIXES.some((mix) => coveredBy(mix))
  );
}

/** The message of the rule above (the app tells it apart from the other refinements by it). */
export const USERNAME_SCRIPTS_MESSAGE = 'username must use common letters of one script';
