import type { Friend } from '@arcadia/contracts';
import type { AppThunk } from '../../../lib/store/store';
import type { ApiFailure } from '../../../lib/api/failure';
import { addFriendApi } from '../api/add-friend';
import { toFailure } from '../../../lib/api/failure';
import { getOwnFriendsApi } from '../api/get-own-friends';
import { removeFriendApi } from '../api/remove-friend';
import {
  addFriendBegin,
  addFriendFailed,
  addFriendSuccess,
  friendsLoadBegin,
  friendsLoaded,
  friendsLoadFailed,
} from './friends-slice';

/** Reloads the own friends list from the server (never from the cache). */
export const reloadFriends = (): AppThunk<Promise<void>> => async (dispatch) => {
  dispatch(friendsLoadBegin());
  const result = await dispatch(
    getOwnFriendsApi.endpoints.getOwnFriends.initiate(undefined, {
      subscribe: false,
      forceRefetch: true,
    }),
  );
  if (result.data) dispatch(friendsLoaded(result.data.friends));
  else dispatch(friendsLoadFailed(toFailure(result.error)));
};

export type AddFriendOutcome = { ok: true; friend: Friend } | { ok: false; error: ApiFailure };

/** Adds a friend by id, then reloads the list (spec §4); answers how it went for the toast. */
export const addFriend =
  (friendId: string): AppThunk<Promise<AddFriendOutcome>> =>
  async (dispatch) => {
    dispatch(addFriendBegin(friendId));
    const result = await dispatch(addFriendApi.endpoints.addFriend.initiate(friendId));
    if (result.data) {
      dispatch(addFriendSuccess(result.data.friend));
      await dispatch(reloadFriends());
      return { ok: true, friend: result.data.friend };
    }
    const error = toFailure(result.error);
    dispatch(addFriendFailed(error));
    // 409: already a friend after all (added elsewhere): the list is stale.
    if (error.status === 409) await dispatch(reloadFriends());
    return { ok: false, error };
  };

export type RemoveFriendOutcome = { ok: true } | { ok: false; error: ApiFailure };

/**
 * Removes a friend from the own list, then reloads the list; a 404 (removed elsewhere already)
 * counts as done.
 */
export const removeFriend =
  (friendId: string): AppThunk<Promise<RemoveFriendOutcome>> =>
  async (dispatch) => {
    const result = await dispatch(removeFriendApi.endpoints.removeFriend.initiate(friendId));
    const error = result.error ? toFailure(result.error) : null;
    await dispatch(reloadFriends());
    if (error && error.status !== 404) return { ok: false, error };
    return { ok: true };
  };
