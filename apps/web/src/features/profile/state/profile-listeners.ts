import { isAnyOf } from '@reduxjs/toolkit';
import { startAppListening } from '../../../lib/store/store';
import { reloadFriends } from '../../friends';
import { profileLoadBegin, profileLoadSuccess } from './profile-slice';

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
