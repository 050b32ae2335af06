// The first requests the directory and quick booking make with no filter in their address
// (DESIGN section 10). The server names them in those pages' <head> as preloads, so a phone starts
// fetching the first cards while it is still parsing the app's scripts instead of after; the web app
// builds the same URLs from these sizes (a unit test holds the two spellings together).

/** Businesses on a directory page, and earliest free times on a quick-booking page. */
export const DIRECTORY_PAGE = 24;
export const EARLIEST_PAGE = 24;
/** Earliest free times the directory's banner shows. */
export const BANNER_ITEMS = 3;

/** Each page's first requests, exactly as the web app sends them with no filter set. */
export const FIRST_PAGE_REQUESTS: Record<string, string[]> = {
  '/businesses': [`/api/businesses?limit=${DIRECTORY_PAGE}`, `/api/earliest-appointments?limit=${BANNER_ITEMS}`],
  '/quick-booking': [`/api/earliest-appointments?limit=${EARLIEST_PAGE}`],
};

/**
 * Each page's screen, by the source files the build's manifest names (vite.config.ts writes
 * .vite/manifest.json): src/web/router.tsx loads a screen's chunk with the query layer's once the app
 * has run, a second wait after the app's own scripts. The server names every script of these as
 * module preloads in the page's <head>, so a phone fetches them beside the app's, and the app then
 * shows the screen in its first render (web main.tsx) instead of a placeholder first.
 */
export const FIRST_PAGE_SCREENS: Record<string, string[]> = {
  '/businesses': ['routes/businesses.tsx', 'lib/query-layer.tsx'],
  '/quick-booking': ['routes/quick-booking.tsx', 'lib/query-layer.tsx'],
};
