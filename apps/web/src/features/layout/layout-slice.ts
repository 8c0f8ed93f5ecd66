import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../lib/store/store';

/** Spec §3 layout state: sidebar and search bar expanded flags, both false at start. */
export interface LayoutState {
  sidebarExpanded: boolean;
  searchBarExpanded: boolean;
}

export const initialLayoutState: LayoutState = { sidebarExpanded: false, searchBarExpanded: false };

/** Spec §4: sidebar and search bar open, close, toggle. */
export const layoutSlice = createSlice({
  name: 'layout',
  initialState: initialLayoutState,
  reducers: {
    openSidebar: (state) => {
      state.sidebarExpanded = true;
    },
    closeSidebar: (state) => {
      state.sidebarExpanded = false;
    },
    toggleSidebar: (state) => {
      state.sidebarExpanded = !state.sidebarExpanded;
    },
    openSearchBar: (state) => {
      state.searchBarExpanded = true;
    },
    closeSearchBar: (state) => {
      state.searchBarExpanded = false;
    },
    toggleSearchBar: (state) => {
      state.searchBarExpanded = !state.searchBarExpanded;
    },
  },
  selectors: {
    selectSidebarExpanded: (state) => state.sidebarExpanded,
    selectSearchBarExpanded: (state) => state.searchBarExpanded,
  },
});

declare module '../../lib/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof layoutSlice> {}
}

export const injectedLayoutSlice = layoutSlice.injectInto(rootReducer);

export const {
  openSidebar,
  closeSidebar,
  toggleSidebar,
  openSearchBar,
  closeSearchBar,
  toggleSearchBar,
} = layoutSlice.actions;
export const { selectSidebarExpanded, selectSearchBarExpanded } = injectedLayoutSlice.selectors;
