import { describe, expect, it } from 'vitest';
import { passwordProblem } from './passwords';

describe('passwordProblem', () => {
  it('refuses easily guessed passwords: common ones with digits, keyboard rows, German words', () => {
    for (const password of [
      'password12',
      'qwertz1234',
      'geheimnis12',
      '1234567890a',
      'Passwort123',
    ])
      expect(passwordProblem(password, 'lena@example.com'), password).toBe('easilyGuessed');
  });

  it('refuses the e-mail address inside the password, and its name part alone', () => {
    expect(passwordProblem('lena@example.com1', 'lena@example.com')).toBe('isEmail');
    expect(passwordProblem('1LENA@example.com', 'lena@example.com')).toBe('isEmail');
    expect(passwordProblem('lena2000lena', 'lena2000lena@example.com')).toBe('isEmail');
    // The name part with more around it is judged by how guessable it is.
    expect(passwordProblem('lena1234567', 'lena@example.com')).toBe('easilyGuessed');
  });

  it('accepts passwords that are hard to guess, passphrases too, up to the longest allowed', () => {
    for (const password of [
      'long-Enough-1',
      'pixel-Hero-77',
      'Laserluchs1',
      'kaffee 7 tasse 3 mond',
    ])
      expect(passwordProblem(password, 'lena@example.com'), password).toBeNull();
    const longest = Array.from({ length: 200 }, (_, i) => 'kx7Qm2Lp9Zr'[i % 11]).join('');
    expect(passwordProblem(longest, 'lena@example.com')).toBeNull();
    // A repeated pair is guessed however long.
    expect(passwordProblem('a1'.repeat(100), 'lena@example.com')).toBe('easilyGuessed');
  });

  it('keeps the earlier rules first', () => {
    expect(passwordProblem('short1', 'x@example.com')).toBe('tooShort');
    expect(passwordProblem('a1'.repeat(101), 'x@example.com')).toBe('tooLong');
    expect(passwordProblem('onlyletters', 'x@example.com')).toBe('needsLetterAndDigit');
  });
});
