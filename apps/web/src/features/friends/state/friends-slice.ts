import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Friend } from '@arcadia/contracts';
import type { ApiFailure } from '../../../lib/api/failure';
import { rootReducer } from '../../../lib/store/store';

/** Spec §3: the friends list with its in-progress flags for loading and adding. */
export interface FriendsState {
  friends: Friend[];
  loading: boolean;
  /** The friend being added, while the call runs. */
  addingId: string | null;
  error: ApiFailure | null;
}

export const initialFriendsState: FriendsState = {
  friends: [],
  loading: false,
  addingId: null,
  error: null,
};

export const friendsSlice = createSlice({
  name: 'friends',
  initialState: initialFriendsState,
  reducers: {
    friendsLoadBegin(state) {
      state.loading = true;
    },
    friendsLoaded(state, action: PayloadAction<Friend[]>) {
      state.loading = false;
      state.friends = action.payload;
      state.error = null;
    },
    /** Spec §4: a load error empties the list. */
    friendsLoadFailed(state, action: PayloadAction<ApiFailure>) {
      state.loading = false;
      state.friends = [];
      state.error = action.payload;
    },
    addFriendBegin(state, action: PayloadAction<string>) {
      state.addingId = action.payload;
    },
    addFriendSuccess(state, action: PayloadAction<Friend>) {
      state.addingId = null;
      state.error = null;
      if (!state.friends.some((f) => f.userId === action.payload.userId))
        state.friends.push(action.payload);
    },
    addFriendFailed(state, action: PayloadAction<ApiFailure>) {
      state.addingId = null;
      state.error = action.payload;
    },
    /** Signed out: nobody's friends are known any more. */
    friendsCleared() {
      return initialFriendsState;
    },
  },
  selectors: {
    selectFriends: (state) => state.friends,
    selectFriendsLoading: (state) => state.loading,
    selectAddingFriendId: (state) => state.addingId,
    selectFriendsError: (state) => state.error,
  },
});

export const {
  friendsLoadBegin,
  friendsLoaded,
  friendsLoadFailed,
  addFriendBegin,
  addFriendSuccess,
  addFriendFailed,
  friendsCleared,
} = friendsSlice.actions;

declare module '../../../lib/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this slice to RootState
  interface LazyLoadedSlices extends WithSlice<typeof friendsSlice> {}
}

export const injectedFriendsSlice = friendsSlice.injectInto(rootReducer);
export const { selectFriends, selectFriendsLoading, selectAddingFriendId, selectFriendsError } =
  injectedFriendsSlice.selectors;
