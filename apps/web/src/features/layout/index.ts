export {
  layoutSlice,
  initialLayoutState,
  openSidebar,
  closeSidebar,
  toggleSidebar,
  openSearchBar,
  closeSearchBar,
  toggleSearchBar,
  selectSidebarExpanded,
  selectSearchBarExpanded,
  type LayoutState,
} from './layout-slice';
