import { describe, expect, it } from 'vitest';
import { BLAZE, NOVA } from '../../../testing/factories';
import {
  addFriendBegin,
  addFriendFailed,
  addFriendSuccess,
  friendsCleared,
  friendsLoadBegin,
  friendsLoaded,
  friendsLoadFailed,
  friendsSlice,
  initialFriendsState,
} from './friends-slice';

const reduce = friendsSlice.reducer;
const nova = { userId: NOVA, userName: 'NeonNova' };
const blaze = { userId: BLAZE, userName: 'Blaze' };

describe('friends transitions (spec §3, §4)', () => {
  it('a reload sets loading and keeps the list until the answer', () => {
    const state = reduce({ ...initialFriendsState, friends: [nova] }, friendsLoadBegin());
    expect(state).toMatchObject({ loading: true, friends: [nova] });
  });

  it('the answer replaces the list', () => {
    const state = reduce(reduce(undefined, friendsLoadBegin()), friendsLoaded([nova, blaze]));
    expect(state).toEqual({ ...initialFriendsState, friends: [nova, blaze] });
  });

  it('a load error empties the list', () => {
    const error = { status: 500 as const, message: 'boom' };
    const state = reduce(
      { ...initialFriendsState, friends: [nova], loading: true },
      friendsLoadFailed(error),
    );
    expect(state).toEqual({ friends: [], loading: false, addingId: null, error });
  });

  it('adding a friend: in progress, then the friend is in the list', () => {
    let state = reduce(undefined, addFriendBegin(NOVA));
    expect(state.addingId).toBe(NOVA);
    state = reduce(state, addFriendSuccess(nova));
    expect(state).toMatchObject({ addingId: null, friends: [nova] });
    expect(reduce(state, addFriendSuccess(nova)).friends).toEqual([nova]);
  });

  it('a failed add ends the progress and keeps the list', () => {
    const error = { status: 409 as const, message: 'already' };
    const state = reduce(
      { ...initialFriendsState, friends: [blaze], addingId: NOVA },
      addFriendFailed(error),
    );
    expect(state).toEqual({ friends: [blaze], loading: false, addingId: null, error });
  });

  it('cleared forgets everything', () => {
    expect(reduce({ ...initialFriendsState, friends: [nova] }, friendsCleared())).toEqual(
      initialFriendsState,
    );
  });
});

describe('signing out', () => {
  it('clears the friends list (logout and an ended session)', async () => {
    const { makeStore } = await import('../../../lib/store/store');
    const { logout, sessionEnded } = await import('../../auth');
    await import('../index');
    for (const action of [logout(), sessionEnded()]) {
      const store = makeStore();
      store.dispatch(friendsLoaded([nova]));
      expect(store.getState().friends?.friends).toEqual([nova]);
      store.dispatch(action);
      expect(store.getState().friends).toEqual(initialFriendsState);
    }
  });
});
