// The directory's and quick booking's pages preload their first API requests (src/contract/first-pages.ts,
// written by the server's share-pages feature), and the browser has usually received them before the
// app's scripts have run. A screen's first lists are then read into the cache before its first render
// (router.tsx, preloadScreen), so that render shows the cards rather than placeholders that a second
// render and layout replace a moment later.

/**
 * Whether the page's preload of this API URL has arrived (a Resource Timing entry is written when a
 * response is complete): reading it then costs no wait. Not arrived (a slow answer, or an address with
 * filters, which preloads nothing): the screen shows its loading state meanwhile, as on any other visit.
 */
export const preloadArrived = (url: string): boolean => performance.getEntriesByName(new URL(url, location.href).href, 'resource').length > 0;
