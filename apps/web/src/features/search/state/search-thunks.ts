import type { AppThunk } from '../../../lib/store/store';
import { searchApi } from '../api/search-users';
import { searchBegin, searchFailure, searchSuccess } from './search-slice';
import { isSearchable } from './searchable';

/** Runs one search: begin (in progress), then the results or the failure. */
export const searchUsers =
  (raw: string): AppThunk<Promise<void>> =>
  async (dispatch) => {
    const term = raw.trim();
    if (!isSearchable(term)) return;
    dispatch(searchBegin(term));
    const result = await dispatch(
      searchApi.endpoints.searchUsers.initiate(term, { subscribe: false }),
    );
    if (result.data) dispatch(searchSuccess({ term, results: result.data.data }));
    else
      dispatch(
        searchFailure({
          term,
          message:
            result.error && 'message' in result.error && result.error.message
              ? result.error.message
              : 'Search failed',
        }),
      );
  };
