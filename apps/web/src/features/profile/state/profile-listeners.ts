import { isAnyOf } from '@reduxjs/toolkit';
import { startAppListening } from '../../../lib/store/store';
import { selectOwnProfile } from '../../auth';
import { reloadFriends } from '../../friends';
import { liveGameStored } from '../../live';
import { profileLoadBegin, profileLoadSuccess, selectProfileState } from './profile-slice';
import { loadProfile } from './profile-thunks';

/**
 * Spec §4: the friends list reloads after navigating to a user (a profile load begins) and after
 * a profile loads. Registered once, when the profile feature is first loaded.
 */
export const stopProfileListeners = startAppListening({
  matcher: isAnyOf(profileLoadBegin, profileLoadSuccess),
  effect: async (_action, { dispatch }) => {
    await dispatch(reloadFriends());
  },
});

/**
 * One of the player's games arrived (the live channel): their own profile, when it is the one
 * shown, loads again in place (the page keeps showing it meanwhile).
 */
export const stopProfileLiveListener = startAppListening({
  actionCreator: liveGameStored,
  effect: async (_action, listenerApi) => {
    const state = listenerApi.getState();
    const me = selectOwnProfile(state);
    const shown = selectProfileState(state).profile;
    if (me && shown?.id === me.id) await listenerApi.dispatch(loadProfile(me.id));
  },
});
