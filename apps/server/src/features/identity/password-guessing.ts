import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';
import * as en from '@zxcvbn-ts/language-en';

/**
 * zxcvbn's score a password needs: 2 is "at least 10^6 guesses" (score 1 is common passwords
 * with digits added, keyboard rows, names with a year: `password12`, `qwertz1234`). Higher
 * would refuse good passphrases of dictionary words.
 */
export const MIN_GUESS_SCORE = 2;
/** Beyond this many characters a password is not guessable anyway, and zxcvbn's time grows. */
const CHECKED_LENGTH = 64;

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: the dictionaries take about 0.2 s to index. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, ...de.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return estimator;
}

/**
 * Whether a password is among the easily guessed ones (NIST SP 800-63B §5.1.1.2: refuse
 * commonly used, expected or compromised values): common passwords and words of German and
 * English, keyboard patterns, dates, and the player's own e-mail address, also with digits
 * added or letters swapped.
 */
export function easilyGuessed(password: string, userInputs: string[]): boolean {
  const inputs = userInputs.filter((input) => input.length > 0);
  return zxcvbn().check(password.slice(0, CHECKED_LENGTH), inputs).score < MIN_GUESS_SCORE;
}
