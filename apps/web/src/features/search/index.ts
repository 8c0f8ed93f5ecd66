export { SearchPanel } from './components/SearchPanel';
export {
  searchSlice,
  initialSearchState,
  searchBegin,
  searchSuccess,
  searchFailure,
  searchCleared,
  selectSearch,
  type SearchState,
  type SearchHit,
} from './state/search-slice';
export { searchUsers } from './state/search-thunks';
export { isSearchable } from './state/searchable';
