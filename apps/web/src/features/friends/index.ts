/** The friends feature's public face: the own friends list, its loading and adding. */
import './state/friends-listeners';

export {
  friendsCleared,
  selectAddingFriendId,
  selectFriends,
  selectFriendsError,
  selectFriendsLoading,
  type FriendsState,
} from './state/friends-slice';
export {
  addFriend,
  reloadFriends,
  removeFriend,
  type AddFriendOutcome,
  type RemoveFriendOutcome,
} from './state/friends-thunks';
export { RemoveFriendButton } from './RemoveFriendButton';
export { compareFriendApi } from './api/compare-friend';
