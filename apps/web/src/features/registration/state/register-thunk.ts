import type { OwnProfile, Registration } from '@arcadia/contracts';
import type { AppThunk } from '../../../app/store';
import { meApi } from '../../auth';
import { toFailure } from '../../../lib/api/failure';
import { registerApi } from '../api/register';
import { registrationBegin, registrationError, registrationSuccess } from './registration-slice';

/** Registers the signed-in identity (spec §4); answers the new profile, or null after an error. */
export const submitRegistration =
  (body: Registration): AppThunk<Promise<OwnProfile | null>> =>
  async (dispatch) => {
    dispatch(registrationBegin());
    const result = await dispatch(registerApi.endpoints.register.initiate(body));
    if (result.data) {
      dispatch(registrationSuccess(result.data));
      // The signed-in player is registered from now on: the own profile is this answer, so the
      // guards let them through to /profile/{id} without waiting for a second request.
      await dispatch(meApi.util.upsertQueryData('getMe', undefined, result.data));
      return result.data;
    }
    dispatch(registrationError(toFailure(result.error)));
    return null;
  };
