import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { SearchResult } from '@arcadia/contracts';
import { rootReducer } from '../../../lib/store/store';

export type SearchHit = SearchResult['data'][number];

/** Spec §3: the search term, its results and the in-progress flag. */
export interface SearchState {
  term: string;
  /** null until a search has answered for the current term. */
  results: SearchHit[] | null;
  inProgress: boolean;
  error: string | null;
}

export const initialSearchState: SearchState = {
  term: '',
  results: null,
  inProgress: false,
  error: null,
};

export const searchSlice = createSlice({
  name: 'search',
  initialState: initialSearchState,
  reducers: {
    searchBegin: (state, action: PayloadAction<string>) => {
      state.term = action.payload;
      state.inProgress = true;
      state.error = null;
    },
    /** Answers for an older term than the current one are dropped. */
    searchSuccess: (state, action: PayloadAction<{ term: string; results: SearchHit[] }>) => {
      if (action.payload.term !== state.term) return;
      state.results = action.payload.results;
      state.inProgress = false;
    },
    searchFailure: (state, action: PayloadAction<{ term: string; message: string }>) => {
      if (action.payload.term !== state.term) return;
      state.results = null;
      state.inProgress = false;
      state.error = action.payload.message;
    },
    searchCleared: () => initialSearchState,
  },
  selectors: {
    selectSearch: (state) => state,
  },
});

declare module '../../../lib/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof searchSlice> {}
}

export const injectedSearchSlice = searchSlice.injectInto(rootReducer);
export const { searchBegin, searchSuccess, searchFailure, searchCleared } = searchSlice.actions;
export const { selectSearch } = injectedSearchSlice.selectors;
