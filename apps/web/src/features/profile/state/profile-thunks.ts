import type { AppThunk } from '../../../lib/store/store';
import { toFailure } from '../../../lib/api/failure';
import { getProfileApi } from '../api/get-profile';
import { profileLoadBegin, profileLoadFailure, profileLoadSuccess } from './profile-slice';

/** Loads a profile fresh from the server: begin, then success or failure (spec §4). */
export const loadProfile =
  (id: string): AppThunk<Promise<void>> =>
  async (dispatch) => {
    dispatch(profileLoadBegin(id));
    const result = await dispatch(
      getProfileApi.endpoints.getProfile.initiate(id, { subscribe: false, forceRefetch: true }),
    );
    if (result.data) dispatch(profileLoadSuccess(result.data));
    else dispatch(profileLoadFailure({ id, error: toFailure(result.error) }));
  };
