/**
 * Our own check of an ID token's claims (spec §5 "Identity token"), on top of what the OIDC
 * library does. Pure: no clock, storage or network unless given; every failure is an
 * IdTokenError with a code and a message naming the claim.
 */

export const ID_TOKEN_LEEWAY_SECONDS = 60;

export type IdTokenErrorCode =
  | 'malformed'
  | 'iss_missing'
  | 'iss_mismatch'
  | 'sub_missing'
  | 'alg_unsupported'
  | 'aud_missing'
  | 'aud_mismatch'
  | 'azp_missing'
  | 'azp_mismatch'
  | 'nonce_missing'
  | 'nonce_mismatch'
  | 'auth_time_missing'
  | 'exp_missing'
  | 'iat_missing'
  | 'expired'
  | 'not_yet_valid'
  | 'max_age_exceeded'
  | 'org_id_missing'
  | 'org_id_mismatch'
  | 'org_name_missing'
  | 'org_name_mismatch';

export class IdTokenError extends Error {
  constructor(
    readonly code: IdTokenErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'IdTokenError';
  }
}

export interface IdTokenHeader {
  alg?: unknown;
  [key: string]: unknown;
}

export type IdTokenClaims = Record<string, unknown>;

export interface IdTokenCheckOptions {
  /** The issuer the token must come from. */
  issuer: string;
  /** Our client id: an audience of the token, and its authorized party when there are several. */
  clientId: string;
  /** The nonce sent with the authorization request, when one was. */
  nonce?: string | undefined;
  /** max_age sent with the authorization request, in seconds. */
  maxAge?: number | undefined;
  /** An organization the sign-in was for: an id (`org_...`) or a name. */
  organization?: string | undefined;
  /** Clock skew allowed, in seconds (spec §9: 60). */
  leeway?: number | undefined;
  /** The current time in milliseconds since the epoch (Date.now()). */
  now?: number | undefined;
}

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Header and claims of a compact JWS (no signature check: that is the library's and TLS's). */
export function decodeIdToken(token: string): { header: IdTokenHeader; claims: IdTokenClaims } {
  const parts = token.split('.');
  if (parts.length !== 3)
    throw new IdTokenError('malformed', 'ID token must be a JWT of three parts');
  const part = (segment: string, what: string): Record<string, unknown> => {
    try {
      const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
      const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
      const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
      const value: unknown = JSON.parse(json);
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        return value as Record<string, unknown>;
      }
    } catch {
      // reported below
    }
    throw new IdTokenError('malformed', `ID token ${what} is not a JSON object`);
  };
  return { header: part(parts[0]!, 'header'), claims: part(parts[1]!, 'payload') };
}

/**
 * Checks every rule of spec §5, in this order: iss, sub, alg, aud, azp, nonce, auth_time with
 * max_age, exp and iat numbers, exp + leeway, nbf - leeway, auth_time + max_age + leeway, and
 * the organization. Returns the claims when they pass; throws IdTokenError otherwise.
 */
export function verifyIdTokenClaims(
  claims: IdTokenClaims,
  header: IdTokenHeader,
  options: IdTokenCheckOptions,
): IdTokenClaims {
  const fail = (code: IdTokenErrorCode, message: string): never => {
    throw new IdTokenError(code, message);
  };

  if (!isString(claims.iss))
    fail('iss_missing', 'Issuer (iss) claim must be a string present in the ID token');
  if (claims.iss !== options.issuer) {
    fail(
      'iss_mismatch',
      `Issuer (iss) claim mismatch in the ID token; expected "${options.issuer}", found "${String(claims.iss)}"`,
    );
  }

  if (!isString(claims.sub))
    fail('sub_missing', 'Subject (sub) claim must be a string present in the ID token');

  if (header.alg !== 'RS256') {
    fail(
      'alg_unsupported',
      `Signature algorithm of "${String(header.alg)}" is not supported. Expected the ID token to be signed with "RS256".`,
    );
  }

  const aud = claims.aud;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!(isString(aud) || (Array.isArray(aud) && aud.length > 0 && aud.every(isString)))) {
    fail(
      'aud_missing',
      'Audience (aud) claim must be a string or array of strings present in the ID token',
    );
  }
  if (!audiences.includes(options.clientId)) {
    fail(
      'aud_mismatch',
      `Audience (aud) claim mismatch in the ID token; expected "${options.clientId}" but ${Array.isArray(aud) ? `was not one of "${aud.join(', ')}"` : `found "${String(aud)}"`}`,
    );
  }

  if (audiences.length > 1) {
    if (!isString(claims.azp)) {
      fail(
        'azp_missing',
        'Authorized Party (azp) claim must be a string present in the ID token when Audience (aud) claim has multiple values',
      );
    }
    if (claims.azp !== options.clientId) {
      fail(
        'azp_mismatch',
        `Authorized Party (azp) claim mismatch in the ID token; expected "${options.clientId}", found "${String(claims.azp)}"`,
      );
    }
  }

  if (options.nonce !== undefined) {
    if (!isString(claims.nonce))
      fail('nonce_missing', 'Nonce (nonce) claim must be a string present in the ID token');
    if (claims.nonce !== options.nonce) {
      fail(
        'nonce_mismatch',
        `Nonce (nonce) claim mismatch in the ID token; expected "${options.nonce}", found "${String(claims.nonce)}"`,
      );
    }
  }

  if (options.maxAge !== undefined && !isNumber(claims.auth_time)) {
    fail(
      'auth_time_missing',
      'Authentication Time (auth_time) claim must be a number present in the ID token when Max Age (max_age) is specified',
    );
  }

  if (!isNumber(claims.exp))
    fail('exp_missing', 'Expiration Time (exp) claim must be a number present in the ID token');
  if (!isNumber(claims.iat))
    fail('iat_missing', 'Issued At (iat) claim must be a number present in the ID token');

  const leeway = options.leeway ?? ID_TOKEN_LEEWAY_SECONDS;
  const now = (options.now ?? Date.now()) / 1000;
  const exp = claims.exp as number;
  if (now > exp + leeway) {
    fail(
      'expired',
      `Expiration Time (exp) claim error in the ID token; current time (${iso(now)}) is after expiration time (${iso(exp + leeway)})`,
    );
  }
  if (isNumber(claims.nbf) && now < claims.nbf - leeway) {
    fail(
      'not_yet_valid',
      `Not Before time (nbf) claim in the ID token indicates that this token can't be used just yet. Current time (${iso(now)}) is before ${iso(claims.nbf - leeway)}`,
    );
  }
  if (options.maxAge !== undefined && isNumber(claims.auth_time)) {
    const latest = claims.auth_time + options.maxAge + leeway;
    if (now > latest) {
      fail(
        'max_age_exceeded',
        `Authentication Time (auth_time) claim in the ID token indicates that too much time has passed since the last end-user authentication. Current time (${iso(now)}) is after last auth at ${iso(latest)}`,
      );
    }
  }

  const organization = options.organization?.trim();
  if (organization) {
    if (organization.startsWith('org_')) {
      if (!isString(claims.org_id))
        fail(
          'org_id_missing',
          'Organization ID (org_id) claim must be a string present in the ID token',
        );
      if (claims.org_id !== organization) {
        fail(
          'org_id_mismatch',
          `Organization ID (org_id) claim mismatch in the ID token; expected "${organization}", found "${String(claims.org_id)}"`,
        );
      }
    } else {
      if (!isString(claims.org_name))
        fail(
          'org_name_missing',
          'Organization Name (org_name) claim must be a string present in the ID token',
        );
      if (claims.org_name !== organization.toLowerCase()) {
        fail(
          'org_name_mismatch',
          `Organization Name (org_name) claim mismatch in the ID token; expected "${organization.toLowerCase()}", found "${String(claims.org_name)}"`,
        );
      }
    }
  }

  return claims;
}
