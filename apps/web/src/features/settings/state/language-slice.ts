import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../../lib/store/store';
import type { LanguageId } from '../../../lib/i18n/languages';

/**
 * Spec §4 language: begin load, success, error (which leaves the language as it was), set
 * language. The state's own default is en (as the spec's client had it); the interface default,
 * German, is set at start from the stored or browser language.
 */
export interface LanguageState {
  language: LanguageId;
  loading: boolean;
  error: string | null;
}

export const initialLanguageState: LanguageState = { language: 'en', loading: false, error: null };

export const languageSlice = createSlice({
  name: 'language',
  initialState: initialLanguageState,
  reducers: {
    languageLoadBegin: (state, _action: PayloadAction<LanguageId>) => {
      state.loading = true;
      state.error = null;
    },
    languageLoadSuccess: (state, action: PayloadAction<LanguageId>) => {
      state.loading = false;
      state.language = action.payload;
    },
    languageLoadError: (state, action: PayloadAction<string>) => {
      state.loading = false;
      state.error = action.payload;
    },
    setLanguage: (state, action: PayloadAction<{ language: LanguageId }>) => {
      state.language = action.payload.language;
    },
  },
  selectors: {
    selectLanguage: (state) => state,
  },
});

declare module '../../../lib/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof languageSlice> {}
}

export const injectedLanguageSlice = languageSlice.injectInto(rootReducer);
export const { languageLoadBegin, languageLoadSuccess, languageLoadError, setLanguage } =
  languageSlice.actions;
export const { selectLanguage } = injectedLanguageSlice.selectors;
