import { describe, expect, it } from 'vitest';
import { AuthCallbackError, checkCallback, hasAuthParams } from './callback-errors';

const stored = { state: 'st-1', codeVerifier: 'v' };

function caught(fn: () => unknown): AuthCallbackError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AuthCallbackError);
    return error as AuthCallbackError;
  }
  throw new Error('expected an AuthCallbackError');
}

describe('checkCallback (spec §5 login callback)', () => {
  it('returns code and state when the state matches the stored transaction', () => {
    expect(checkCallback('?code=abc&state=st-1', stored)).toEqual({ code: 'abc', state: 'st-1' });
    expect(checkCallback(new URLSearchParams({ code: 'abc', state: 'st-1' }), stored)).toEqual({
      code: 'abc',
      state: 'st-1',
    });
  });

  it('gives state_mismatch, "Invalid state", when the state differs or is missing', () => {
    for (const query of ['?code=abc&state=other', '?code=abc']) {
      const error = caught(() => checkCallback(query, stored));
      expect(error.error).toBe('state_mismatch');
      expect(error.message).toBe('Invalid state');
    }
  });

  it('gives missing_transaction when nothing was stored', () => {
    for (const none of [null, undefined]) {
      const error = caught(() => checkCallback('?code=abc&state=st-1', none));
      expect(error.error).toBe('missing_transaction');
      expect(error.message).toBe('Invalid state');
      expect(error.state).toBe('st-1');
    }
  });

  it('raises an error in the URL with its description', () => {
    const error = caught(() =>
      checkCallback('?error=access_denied&error_description=The+user+cancelled&state=st-1', stored),
    );
    expect(error.error).toBe('access_denied');
    expect(error.message).toBe('The user cancelled');
    expect(error.errorDescription).toBe('The user cancelled');
    expect(error.state).toBe('st-1');
  });

  it('uses the error code as the message when there is no description', () => {
    const error = caught(() => checkCallback({ error: 'login_required', state: 'st-1' }, stored));
    expect(error.error).toBe('login_required');
    expect(error.message).toBe('login_required');
  });

  it('refuses a callback with the right state but no code', () => {
    expect(caught(() => checkCallback('?state=st-1', stored)).error).toBe('missing_code');
  });
});

describe('hasAuthParams (spec §4 startup)', () => {
  it('is true for code or error together with state', () => {
    expect(hasAuthParams('?code=a&state=b')).toBe(true);
    expect(hasAuthParams('?error=login_required&state=b')).toBe(true);
  });
  it('is false otherwise', () => {
    expect(hasAuthParams('?code=a')).toBe(false);
    expect(hasAuthParams('?state=b')).toBe(false);
    expect(hasAuthParams('')).toBe(false);
  });
});
