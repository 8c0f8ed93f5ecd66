import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Profile } from '@arcadia/contracts';
import type { ApiFailure } from '../../../lib/api/failure';
import { rootReducer } from '../../../lib/store/store';

/** Spec §3: the profile shown, the expanded game, loading and error. */
export interface ProfileState {
  /** The id the page asked for last; answers for any other id are stale and dropped. */
  requestedId: string | null;
  profile: Profile | null;
  expandedGameId: string | null;
  loading: boolean;
  error: ApiFailure | null;
}

export const initialProfileState: ProfileState = {
  requestedId: null,
  profile: null,
  expandedGameId: null,
  loading: false,
  error: null,
};

export const profileSlice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    /** Begin: loading a profile (also the signal "navigated to a user"). */
    profileLoadBegin(state, action: PayloadAction<string>) {
      const id = action.payload;
      if (state.profile?.id !== id) {
        state.profile = null;
        state.expandedGameId = null;
      }
      state.requestedId = id;
      state.loading = true;
      state.error = null;
    },
    profileLoadSuccess(state, action: PayloadAction<Profile>) {
      if (action.payload.id !== state.requestedId) return;
      state.profile = action.payload;
      state.loading = false;
      state.error = null;
      if (!action.payload.matchHistory.some((g) => g.id === state.expandedGameId))
        state.expandedGameId = null;
    },
    profileLoadFailure(state, action: PayloadAction<{ id: string; error: ApiFailure }>) {
      if (action.payload.id !== state.requestedId) return;
      state.profile = null;
      state.loading = false;
      state.error = action.payload.error;
    },
    /** Expanding a game card toggles it; opening one closes the other. */
    gameToggled(state, action: PayloadAction<string>) {
      state.expandedGameId = state.expandedGameId === action.payload ? null : action.payload;
    },
  },
  selectors: {
    selectProfileState: (state) => state,
    selectExpandedGameId: (state) => state.expandedGameId,
  },
});

export const { profileLoadBegin, profileLoadSuccess, profileLoadFailure, gameToggled } =
  profileSlice.actions;

declare module '../../../lib/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this slice to RootState
  interface LazyLoadedSlices extends WithSlice<typeof profileSlice> {}
}

export const injectedProfileSlice = profileSlice.injectInto(rootReducer);
export const { selectProfileState, selectExpandedGameId } = injectedProfileSlice.selectors;
