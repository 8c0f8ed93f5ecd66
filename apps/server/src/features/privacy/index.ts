/** The privacy feature as other code sees it: the coverage list of the data export. */
export { EXPORT_COVERAGE, EXPORT_SECTIONS, isExported } from './coverage';
