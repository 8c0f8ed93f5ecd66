import { describe, expect, it } from 'vitest';
import { ownProfile } from '../../../../test/player-fixtures';
import {
  initialRegistrationState,
  registrationBegin,
  registrationError,
  registrationSlice,
  registrationSuccess,
} from './registration-slice';

const reduce = registrationSlice.reducer;

describe('registration transitions (spec §4)', () => {
  it('begin sets in progress and clears an earlier error', () => {
    const failed = {
      ...initialRegistrationState,
      error: { status: 409 as const, message: 'taken' },
    };
    expect(reduce(failed, registrationBegin())).toEqual({
      inProgress: true,
      profile: null,
      error: null,
    });
  });

  it('success stores the profile and ends the progress', () => {
    const profile = ownProfile();
    const state = reduce(reduce(undefined, registrationBegin()), registrationSuccess(profile));
    expect(state).toEqual({ inProgress: false, profile, error: null });
  });

  it('error stores the failure and ends the progress', () => {
    const error = {
      status: 400 as const,
      message: 'bad',
      details: [{ path: 'mail', message: 'x' }],
    };
    const state = reduce(reduce(undefined, registrationBegin()), registrationError(error));
    expect(state).toEqual({ inProgress: false, profile: null, error });
  });
});
