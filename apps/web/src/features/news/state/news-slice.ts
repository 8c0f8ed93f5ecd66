import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { NewsEntry } from '@arcadia/contracts';
import { rootReducer } from '../../../lib/store/store';

/** Spec §3 news state: the news collection and loading (plus the language it is in). */
export interface NewsState {
  items: NewsEntry[];
  /** The language the collection was loaded in; null before the first load. */
  locale: string | null;
  loading: boolean;
  error: string | null;
}

export const initialNewsState: NewsState = { items: [], locale: null, loading: false, error: null };

/** Spec §4 news: begin load, finished, failed (loading set false). */
export const newsSlice = createSlice({
  name: 'news',
  initialState: initialNewsState,
  reducers: {
    newsLoadBegin: (state, action: PayloadAction<string>) => {
      state.loading = true;
      state.error = null;
      if (state.locale !== action.payload) state.items = [];
      state.locale = action.payload;
    },
    newsLoadFinished: (state, action: PayloadAction<{ locale: string; items: NewsEntry[] }>) => {
      if (action.payload.locale !== state.locale) return; // an answer for a language left meanwhile
      state.items = action.payload.items;
      state.loading = false;
    },
    newsLoadFailed: (state, action: PayloadAction<string>) => {
      state.loading = false;
      state.error = action.payload;
    },
  },
  selectors: {
    selectNews: (state) => state,
  },
});

declare module '../../../lib/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof newsSlice> {}
}

export const injectedNewsSlice = newsSlice.injectInto(rootReducer);
export const { newsLoadBegin, newsLoadFinished, newsLoadFailed } = newsSlice.actions;
export const { selectNews } = injectedNewsSlice.selectors;
