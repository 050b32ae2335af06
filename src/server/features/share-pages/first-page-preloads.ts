import { FIRST_PAGE_REQUESTS } from '../../../contract/first-pages.js';
import { escapeHtml } from './escape.js';

/**
 * index.html for the directory and quick booking with their first API requests named as preloads
 * (src/contract/first-pages.ts): on a phone the app's scripts take a second or more to parse, and the
 * first cards' request would otherwise start only after that. `use-credentials`, as the web app's
 * fetch sends cookies, so the browser hands the preloaded answer to that very request. Only for the
 * address without filters; with them, the page asks for what they say.
 */
export function withFirstPagePreloads(indexHtml: string, path: string): string {
  const requests = FIRST_PAGE_REQUESTS[path] ?? [];
  const links = requests.map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(url)}" />`).join('\n    ');
  return links ? indexHtml.replace('</head>', `    ${links}\n  </head>`) : indexHtml;
}
