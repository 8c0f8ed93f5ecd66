/**
 * The part of the search feature the header loads at start: the panel with its field, so the
 * keys typed right after the tap on the search icon land in it. The request (RTK Query and the
 * contracts' schemas) loads when the panel opens. Other features use `index.ts`.
 */
export { SearchPanel } from './components/SearchPanel';
