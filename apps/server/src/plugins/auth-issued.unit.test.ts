import { describe, expect, it } from 'vitest';
import { issuedAtMs } from './auth';

describe('issuedAtMs', () => {
  it('takes the millisecond claim when it agrees with iat', () => {
    expect(issuedAtMs({ iat: 1_800_000_000, iat_ms: 1_800_000_000_750 })).toBe(1_800_000_000_750);
  });

  it('takes the start of the iat second without the claim, or when the claim disagrees', () => {
    expect(issuedAtMs({ iat: 1_800_000_000 })).toBe(1_800_000_000_000);
    // A claim from another second (or forged to be later) does not move the token past a cut.
    expect(issuedAtMs({ iat: 1_800_000_000, iat_ms: 1_800_000_001_500 })).toBe(1_800_000_000_000);
    expect(issuedAtMs({ iat: 1_800_000_000, iat_ms: 1_800_000_000_500.5 })).toBe(1_800_000_000_000);
    expect(issuedAtMs({ iat: 1_800_000_000, iat_ms: '1800000000750' })).toBe(1_800_000_000_000);
  });

  it('is undefined without iat', () => {
    expect(issuedAtMs({ iat_ms: 1_800_000_000_750 })).toBeUndefined();
  });
});
