import { isAnyOf } from '@reduxjs/toolkit';
import { startAppListening } from '../../../lib/store/store';
import { selectOwnProfile, selectProfileStatus } from '../../auth';
import { reloadFriends } from '../../friends';
import { liveGameStored } from '../../live';
import { profileLoadBegin, profileLoadSuccess, selectProfileState } from './profile-slice';
import { loadProfile } from './profile-thunks';

/** How long a friends reload waits for the own profile's answer at start. */
const OWN_PROFILE_WAIT_MS = 10_000;

/**
 * Spec §4: the friends list reloads after navigating to a user (a profile load begins) and after
 * a profile loads. Registered once, when the profile feature is first loaded. Only a registered
 * player has a list: at start (the route's loader runs before the guards) it waits for the own
 * profile's answer, so one not registered yet is not asked for a list it cannot have (a 404).
 */
export const stopProfileListeners = startAppListening({
  matcher: isAnyOf(profileLoadBegin, profileLoadSuccess),
  effect: async (_action, listener) => {
    const known = () => !['none', 'loading'].includes(selectProfileStatus(listener.getState()));
    if (!known()) await listener.condition(known, OWN_PROFILE_WAIT_MS);
    if (selectProfileStatus(listener.getState()) !== 'registered') return;
    await listener.dispatch(reloadFriends());
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
