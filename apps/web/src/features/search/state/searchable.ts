import { SEARCH_MIN_LENGTH } from '@arcadia/contracts/limits';

/** Whether a term may be searched (spec §5: required, at least 3 characters). */
export function isSearchable(term: string): boolean {
  return term.trim().length >= SEARCH_MIN_LENGTH;
}
