// What the share-pages feature offers the rest of the app (decision 0017): what crawlers and link
// previews read — robots.txt, the sitemap, business pages with their own title and tags.
export { type BuildManifest } from './first-page-preloads.js';
export { type SharePagesOptions, sharePagesRoutes } from './share-pages.routes.js';
export { SITEMAP_URLS_PER_FILE } from './sitemap.js';
