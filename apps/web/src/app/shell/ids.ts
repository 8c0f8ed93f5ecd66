/** Element ids the shell's parts refer to each other by (aria-controls, focus hand-over). */
export const SIDENAV_ID = 'app-sidenav';
export const BURGER_ID = 'app-burger';
export const SEARCH_ID = 'app-search';
export const SEARCH_TOGGLE_ID = 'app-search-toggle';
