import { describe, expect, it } from 'vitest';
import {
  decodeIdToken,
  IdTokenError,
  verifyIdTokenClaims,
  type IdTokenCheckOptions,
  type IdTokenClaims,
  type IdTokenErrorCode,
} from './id-token';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const nowS = NOW / 1000;
const header = { alg: 'RS256', kid: 'k1' };
const options: IdTokenCheckOptions = {
  issuer: 'https://arcadia.example/oidc',
  clientId: 'arcadia-web',
  nonce: 'n-123',
  now: NOW,
};
const valid: IdTokenClaims = {
  iss: 'https://arcadia.example/oidc',
  sub: '7b0c8a52-0a4b-4a53-9a3e-2b7f6c1d9e10',
  aud: 'arcadia-web',
  nonce: 'n-123',
  iat: nowS - 10,
  exp: nowS + 3600,
  auth_time: nowS - 10,
};

function expectError(
  code: IdTokenErrorCode,
  message: string | RegExp,
  claims: IdTokenClaims,
  o: Partial<IdTokenCheckOptions> = {},
  h: Record<string, unknown> = header,
) {
  let caught: unknown;
  try {
    verifyIdTokenClaims(claims, h, { ...options, ...o });
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(IdTokenError);
  expect((caught as IdTokenError).code).toBe(code);
  if (typeof message === 'string') expect((caught as IdTokenError).message).toBe(message);
  else expect((caught as IdTokenError).message).toMatch(message);
}

const without = (key: string): IdTokenClaims => {
  const copy = { ...valid };
  delete copy[key];
  return copy;
};

describe('verifyIdTokenClaims (spec §5 identity token)', () => {
  it('accepts a token that follows every rule and returns its claims', () => {
    expect(verifyIdTokenClaims(valid, header, options)).toBe(valid);
  });

  describe('iss', () => {
    it('must be present', () => {
      expectError(
        'iss_missing',
        'Issuer (iss) claim must be a string present in the ID token',
        without('iss'),
      );
      expectError('iss_missing', /Issuer \(iss\)/, { ...valid, iss: 42 });
    });
    it('must match the issuer', () => {
      expectError(
        'iss_mismatch',
        'Issuer (iss) claim mismatch in the ID token; expected "https://arcadia.example/oidc", found "https://evil.example"',
        { ...valid, iss: 'https://evil.example' },
      );
    });
  });

  it('sub must be present', () => {
    expectError(
      'sub_missing',
      'Subject (sub) claim must be a string present in the ID token',
      without('sub'),
    );
    expectError('sub_missing', /Subject \(sub\)/, { ...valid, sub: '' });
  });

  it('alg must be RS256', () => {
    for (const alg of ['HS256', 'none', 'ES256', undefined]) {
      expectError(
        'alg_unsupported',
        `Signature algorithm of "${String(alg)}" is not supported. Expected the ID token to be signed with "RS256".`,
        valid,
        {},
        { alg },
      );
    }
  });

  describe('aud', () => {
    it('may be a string or an array containing the client id', () => {
      expect(() =>
        verifyIdTokenClaims({ ...valid, aud: ['arcadia-web'] }, header, options),
      ).not.toThrow();
    });
    it('must be present as a string or array of strings', () => {
      const message =
        'Audience (aud) claim must be a string or array of strings present in the ID token';
      expectError('aud_missing', message, without('aud'));
      expectError('aud_missing', message, { ...valid, aud: [] });
      expectError('aud_missing', message, { ...valid, aud: 7 });
      expectError('aud_missing', message, { ...valid, aud: ['arcadia-web', 3] });
    });
    it('must contain the client id', () => {
      expectError(
        'aud_mismatch',
        'Audience (aud) claim mismatch in the ID token; expected "arcadia-web" but found "other-app"',
        { ...valid, aud: 'other-app' },
      );
      expectError(
        'aud_mismatch',
        'Audience (aud) claim mismatch in the ID token; expected "arcadia-web" but was not one of "a, b"',
        { ...valid, aud: ['a', 'b'], azp: 'arcadia-web' },
      );
    });
  });

  describe('azp with several audiences', () => {
    const several = { ...valid, aud: ['arcadia-web', 'https://arcadia.example/api'] };
    it('is required', () => {
      expectError(
        'azp_missing',
        'Authorized Party (azp) claim must be a string present in the ID token when Audience (aud) claim has multiple values',
        several,
      );
    });
    it('must equal the client id', () => {
      expectError(
        'azp_mismatch',
        'Authorized Party (azp) claim mismatch in the ID token; expected "arcadia-web", found "other-app"',
        { ...several, azp: 'other-app' },
      );
      expect(() =>
        verifyIdTokenClaims({ ...several, azp: 'arcadia-web' }, header, options),
      ).not.toThrow();
    });
    it('is not needed with one audience', () => {
      expect(() =>
        verifyIdTokenClaims({ ...valid, azp: 'whatever' }, header, options),
      ).not.toThrow();
    });
  });

  describe('nonce', () => {
    it('must be present when one is expected', () => {
      expectError(
        'nonce_missing',
        'Nonce (nonce) claim must be a string present in the ID token',
        without('nonce'),
      );
    });
    it('must match the expected one', () => {
      expectError(
        'nonce_mismatch',
        'Nonce (nonce) claim mismatch in the ID token; expected "n-123", found "n-999"',
        { ...valid, nonce: 'n-999' },
      );
    });
    it('is not checked when none is expected', () => {
      expect(() =>
        verifyIdTokenClaims(without('nonce'), header, { ...options, nonce: undefined }),
      ).not.toThrow();
    });
  });

  describe('auth_time and max_age', () => {
    it('auth_time must be a number when max_age is set', () => {
      const message =
        'Authentication Time (auth_time) claim must be a number present in the ID token when Max Age (max_age) is specified';
      expectError('auth_time_missing', message, without('auth_time'), { maxAge: 300 });
      expectError('auth_time_missing', message, { ...valid, auth_time: '123' }, { maxAge: 300 });
      expect(() => verifyIdTokenClaims(without('auth_time'), header, options)).not.toThrow();
    });
    it('max_age plus auth_time plus leeway must not be exceeded', () => {
      const claims = { ...valid, auth_time: nowS - 300 - 60 };
      expect(() => verifyIdTokenClaims(claims, header, { ...options, maxAge: 300 })).not.toThrow();
      expectError(
        'max_age_exceeded',
        /^Authentication Time \(auth_time\) claim in the ID token indicates that too much time has passed since the last end-user authentication\. Current time \(2025-01-15T12:00:00\.000Z\) is after last auth at 2025-01-15T11:59:59\.000Z$/,
        { ...valid, auth_time: nowS - 300 - 61 },
        { maxAge: 300 },
      );
    });
  });

  it('exp must be a number', () => {
    expectError(
      'exp_missing',
      'Expiration Time (exp) claim must be a number present in the ID token',
      without('exp'),
    );
    expectError('exp_missing', /Expiration Time \(exp\)/, { ...valid, exp: '2000000000' });
  });

  it('iat must be a number', () => {
    expectError(
      'iat_missing',
      'Issued At (iat) claim must be a number present in the ID token',
      without('iat'),
    );
    expectError('iat_missing', /Issued At \(iat\)/, { ...valid, iat: null });
  });

  it('exp plus leeway must not have passed', () => {
    expect(() => verifyIdTokenClaims({ ...valid, exp: nowS - 60 }, header, options)).not.toThrow();
    expectError(
      'expired',
      'Expiration Time (exp) claim error in the ID token; current time (2025-01-15T12:00:00.000Z) is after expiration time (2025-01-15T11:59:59.000Z)',
      { ...valid, exp: nowS - 61 },
    );
  });

  it('nbf minus leeway must not be in the future', () => {
    expect(() => verifyIdTokenClaims({ ...valid, nbf: nowS + 60 }, header, options)).not.toThrow();
    expectError(
      'not_yet_valid',
      "Not Before time (nbf) claim in the ID token indicates that this token can't be used just yet. Current time (2025-01-15T12:00:00.000Z) is before 2025-01-15T12:00:01.000Z",
      { ...valid, nbf: nowS + 61 },
    );
  });

  it('uses 60 s leeway by default and a given leeway otherwise', () => {
    expectError('expired', /exp/, { ...valid, exp: nowS - 11 }, { leeway: 10 });
    expect(() =>
      verifyIdTokenClaims({ ...valid, exp: nowS - 11 }, header, {
        ...options,
        leeway: 0,
        now: NOW - 12_000,
      }),
    ).not.toThrow();
  });

  describe('organization', () => {
    it('given as an id (org_...) must match org_id', () => {
      const o = { organization: 'org_abc' };
      expectError(
        'org_id_missing',
        'Organization ID (org_id) claim must be a string present in the ID token',
        valid,
        o,
      );
      expectError(
        'org_id_mismatch',
        'Organization ID (org_id) claim mismatch in the ID token; expected "org_abc", found "org_xyz"',
        { ...valid, org_id: 'org_xyz' },
        o,
      );
      expect(() =>
        verifyIdTokenClaims({ ...valid, org_id: 'org_abc' }, header, { ...options, ...o }),
      ).not.toThrow();
    });
    it('given as a name must match org_name in lower case', () => {
      const o = { organization: 'Laser Dome' };
      expectError(
        'org_name_missing',
        'Organization Name (org_name) claim must be a string present in the ID token',
        valid,
        o,
      );
      expectError(
        'org_name_mismatch',
        'Organization Name (org_name) claim mismatch in the ID token; expected "laser dome", found "Laser Dome"',
        { ...valid, org_name: 'Laser Dome' },
        o,
      );
      expect(() =>
        verifyIdTokenClaims({ ...valid, org_name: 'laser dome' }, header, { ...options, ...o }),
      ).not.toThrow();
    });
  });
});

describe('decodeIdToken', () => {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

  it('reads the header and the claims of a compact JWT (UTF-8 included)', () => {
    const claims = { ...valid, nickname: 'Jörg' };
    const json = new TextEncoder().encode(JSON.stringify(claims));
    const payload = btoa(String.fromCharCode(...json))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const decoded = decodeIdToken(`${encode(header)}.${payload}.sig`);
    expect(decoded.header).toEqual(header);
    expect(decoded.claims).toEqual(claims);
  });

  it('refuses what is not a JWT', () => {
    expect(() => decodeIdToken('abc')).toThrow(
      new IdTokenError('malformed', 'ID token must be a JWT of three parts'),
    );
    expect(() => decodeIdToken(`${encode(header)}.!!!.sig`)).toThrow(
      'ID token payload is not a JSON object',
    );
    expect(() => decodeIdToken(`${encode([1])}.${encode(valid)}.sig`)).toThrow(
      'ID token header is not a JSON object',
    );
  });
});
