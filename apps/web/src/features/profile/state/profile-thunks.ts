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

/** The profile the route's loader began loading, not yet taken by the page. */
let startedByLoader: string | null = null;

/**
 * The route's loader (ProfilePage's `loader`): begins loading the profile with the navigation,
 * beside the session's own calls (GET /api/v2/user/me), instead of once the page renders after them.
 */
export const loadProfileEarly =
  (id: string): AppThunk<Promise<void>> =>
  (dispatch) => {
    startedByLoader = id;
    return dispatch(loadProfile(id));
  };

/** Whether the route's loader already began loading this profile (once: the page's first load). */
export function takeEarlyLoad(id: string): boolean {
  const taken = startedByLoader === id;
  startedByLoader = null;
  return taken;
}
