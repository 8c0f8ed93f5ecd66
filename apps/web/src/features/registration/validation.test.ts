import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../lib/api/failure';
import { placeServerError } from './server-errors';
import { emptyRegistration, prefillFromAccount, validateRegistration } from './validation';

const valid = { ...emptyRegistration, username: 'Nova_1', mail: 'nova@example.com', agb: true };
const errorsOf = (values: Partial<typeof valid>) => {
  const result = validateRegistration({ ...valid, ...values });
  return result.ok ? {} : result.errors;
};

describe('registration validation (spec §5, contracts registrationSchema)', () => {
  it('accepts a complete form and gives the body the server takes', () => {
    const result = validateRegistration({ ...valid, birthday: '', instagram: '' });
    expect(result).toEqual({
      ok: true,
      data: {
        username: 'Nova_1',
        mail: 'nova@example.com',
        agb: true,
        marketingConsent: false,
        birthday: undefined,
        instagram: undefined,
      },
    });
  });

  it.each([
    [{ username: '' }, 'username', 'usernameRequired'],
    [{ username: '   ' }, 'username', 'usernameRequired'],
    [{ username: 'ab' }, 'username', 'usernameTooShort'],
    [{ username: 'abcdefghijklm' }, 'username', 'usernameTooLong'],
    [{ username: 'Neon Nova' }, 'username', 'usernameChars'],
    [{ username: '-_-_' }, 'username', 'usernameNeedsLetter'],
    [{ username: 'Spieler' }, 'username', 'usernameReserved'],
    [{ username: 'N\u0435onNova' }, 'username', 'usernameScripts'],
    [{ username: 'GAST' }, 'username', 'usernameReserved'],
    [{ mail: '' }, 'mail', 'mailRequired'],
    [{ mail: 'nova@' }, 'mail', 'mailInvalid'],
    [{ birthday: '2999-01-01' }, 'birthday', 'birthdayFuture'],
    [{ birthday: '1899-12-31' }, 'birthday', 'birthdayTooEarly'],
    [{ birthday: '2001-02-30' }, 'birthday', 'birthdayInvalid'],
    [{ instagram: 'x'.repeat(31) }, 'instagram', 'instagramTooLong'],
    [{ instagram: 'me\nyou' }, 'instagram', 'instagramChars'],
    [{ agb: false }, 'agb', 'agbRequired'],
  ] as const)('%o → %s: %s', (values, field, key) => {
    expect(errorsOf(values)).toEqual({ [field]: key });
  });

  it('12 characters are fine, 3 too; marketing consent is optional', () => {
    expect(errorsOf({ username: 'abcdefghijkl' })).toEqual({});
    expect(errorsOf({ username: 'abc', marketingConsent: true })).toEqual({});
  });

  it('prefills the user name from the nickname and the mail from the e-mail claim', () => {
    expect(prefillFromAccount({ nickname: 'nova', email: 'nova@example.com' })).toMatchObject({
      username: 'nova',
      mail: 'nova@example.com',
      agb: false,
    });
    expect(prefillFromAccount(null)).toEqual(emptyRegistration);
    // The provider's nickname may have spaces or signs a player name may not (a new player's walk).
    expect(prefillFromAccount({ nickname: 'Max Müller' }).username).toBe('MaxMüller');
    expect(prefillFromAccount({ nickname: 'Mr. X-Ray (2)!' }).username).toBe('Mr.X-Ray2');
    expect(prefillFromAccount({ nickname: 'Sehr Langer Spitzname' }).username).toBe('SehrLangerSp');
    expect(prefillFromAccount({ nickname: 'Ni\u00adna\u3164' }).username).toBe('Nina');
    expect(errorsOf({ username: prefillFromAccount({ nickname: 'Max Müller' }).username })).toEqual(
      {},
    );
  });
});

describe('server errors on the form', () => {
  const failure = (f: Partial<ApiFailure>): ApiFailure => ({ status: 400, message: 'x', ...f });

  it('a taken name (409 with details at username) goes to the user name field', () => {
    const placed = placeServerError(
      failure({
        status: 409,
        code: 'conflict',
        details: [{ path: 'username', message: 'This user name is already taken' }],
      }),
    );
    expect(placed).toEqual({ fields: { username: { key: 'usernameTaken' } }, form: null });
  });

  it('409 without details: already registered, above the form', () => {
    expect(placeServerError(failure({ status: 409 })).form).toEqual({ key: 'alreadyRegistered' });
  });

  it("400 details go to their fields (without the server's English message)", () => {
    const placed = placeServerError(
      failure({ details: [{ path: 'mail', message: 'mail must be a valid e-mail address' }] }),
    );
    expect(placed.fields.mail).toEqual({ key: 'serverRejected' });
    expect(placed.form).toBeNull();
  });

  it('anything else is a failure above the form', () => {
    expect(placeServerError(failure({ status: 500, message: 'boom' })).form).toEqual({
      key: 'failed',
    });
    expect(placeServerError(null)).toEqual({ fields: {}, form: null });
  });
});
