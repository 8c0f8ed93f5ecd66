import { isAnyOf } from '@reduxjs/toolkit';
import { startAppListening } from '../../../lib/store/store';
import { logout, sessionEnded } from '../../auth';
import { friendsCleared } from './friends-slice';

/** Signed out: the friends of the account that left are nobody's business any more. */
export const stopFriendsListeners = startAppListening({
  matcher: isAnyOf(logout, sessionEnded),
  effect: (_action, { dispatch }) => {
    dispatch(friendsCleared());
  },
});
