import { describe, expect, it } from 'vitest';
import {
  closeSearchBar,
  closeSidebar,
  initialLayoutState,
  layoutSlice,
  openSearchBar,
  openSidebar,
  toggleSearchBar,
  toggleSidebar,
} from './layout-slice';

const reduce = layoutSlice.reducer;

describe('layout slice (spec §4 sidebar and search bar)', () => {
  it('starts with both closed', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({
      sidebarExpanded: false,
      searchBarExpanded: false,
    });
  });

  it('opens, closes and toggles the sidebar without touching the search bar', () => {
    let state = reduce(initialLayoutState, openSidebar());
    expect(state).toEqual({ sidebarExpanded: true, searchBarExpanded: false });
    state = reduce(state, closeSidebar());
    expect(state.sidebarExpanded).toBe(false);
    state = reduce(state, toggleSidebar());
    expect(state.sidebarExpanded).toBe(true);
    state = reduce(state, toggleSidebar());
    expect(state.sidebarExpanded).toBe(false);
    expect(state.searchBarExpanded).toBe(false);
  });

  it('opens, closes and toggles the search bar without touching the sidebar', () => {
    let state = reduce(initialLayoutState, openSearchBar());
    expect(state).toEqual({ sidebarExpanded: false, searchBarExpanded: true });
    state = reduce(state, closeSearchBar());
    expect(state.searchBarExpanded).toBe(false);
    state = reduce(state, toggleSearchBar());
    expect(state.searchBarExpanded).toBe(true);
    state = reduce(state, toggleSearchBar());
    expect(state.searchBarExpanded).toBe(false);
  });

  it('closing what is closed keeps it closed', () => {
    expect(reduce(initialLayoutState, closeSidebar())).toEqual(initialLayoutState);
  });
});
