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
export { addFriend, reloadFriends, type AddFriendOutcome } from './state/friends-thunks';
