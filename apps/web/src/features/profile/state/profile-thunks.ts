import type { AppThunk } from '../../../lib/store/store';
import { toFailure } from '../../../lib/api/failure';
import { getProfileApi } from '../api/get-profile';
import {
  profileLoadBegin,
  profileLoadFailure,
  profileLoadSuccess,
  selectProfileState,
} from './profile-slice';

/** Loads a profile fresh from the server: begin, then success or failure (spec §4). */
export const loadProfile =
  (id: string): AppThunk<Promise<void>> =>
  async (dispatch) => {
    dispatch(profileLoadBegin(id));
    // Subscribed while it loads: the 'Profile' tag invalidated meanwhile (the live channel does
    // when a game arrives) would otherwise drop the unsubscribed entry, and the answer with it,
    // and the page would say the profile could not be loaded. Subscribed, it refetches instead.
    const request = dispatch(
      getProfileApi.endpoints.getProfile.initiate(id, { forceRefetch: true }),
    );
    let result: Awaited<typeof request>;
    try {
      result = await request;
    } finally {
      request.unsubscribe();
    }
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
  async (dispatch, getState) => {
    startedByLoader = id;
    await dispatch(loadProfile(id));
    // Failed before the page took it (the page waited for a session checked offline, say): the
    // page, once it renders, loads the profile itself instead of showing this failure. A 4xx is
    // the server's answer (hidden, no such player) and stays: asking again gets the same.
    const { error, requestedId } = selectProfileState(getState());
    const answered = typeof error?.status === 'number' && error.status >= 400 && error.status < 500;
    if (error && !answered && requestedId === id && startedByLoader === id) startedByLoader = null;
  };

/** Whether the route's loader already began loading this profile (once: the page's first load). */
export function takeEarlyLoad(id: string): boolean {
  const taken = startedByLoader === id;
  startedByLoader = null;
  return taken;
}
