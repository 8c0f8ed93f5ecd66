import { describe, expect, it } from 'vitest';
import { adminRenameSchema } from '@arcadia/contracts';
import { nameProblem } from './name-problem';

describe('nameProblem', () => {
  it.each([
    ['ab', 'nameTooShort'],
    ['  ab  ', 'nameTooShort'],
    ['abcdefghijklm', 'nameTooLong'],
    ['bad name!', 'nameChars'],
    ['anna\u3164', 'nameChars'],
    ['...', 'nameNeedsLetter'],
    ['-_-', 'nameNeedsLetter'],
    ['Gast', 'nameReserved'],
    ['PLAYER', 'nameReserved'],
    ['NiceRick', null],
    ['Jörg_2.0', null],
  ])('%j → %s, as the contract decides', (name, problem) => {
    expect(nameProblem(name)).toBe(problem);
    // The contract's own check agrees on whether the name is refused at all.
    expect(adminRenameSchema.safeParse({ userName: name }).success).toBe(problem === null);
  });
});
