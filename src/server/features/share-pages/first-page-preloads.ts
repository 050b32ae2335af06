import { FIRST_PAGE_REQUESTS, FIRST_PAGE_SCREENS } from '../../../contract/first-pages.js';
import { escapeHtml } from './escape.js';

/** What the build's .vite/manifest.json says of each source: its chunk and the chunks it imports (by their keys). */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The scripts a page's screen runs (src/contract/first-pages.ts): each source's chunk and every chunk
 * those import, as /assets/… paths, leaving out what index.html already names (the app's own).
 * Empty without a manifest (a build without one, the API alone) or for a page with no screen listed.
 */
export function screenScripts(indexHtml: string, path: string, manifest: BuildManifest | null): string[] {
  const scripts: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest?.[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    const file = `/${chunk.file}`;
    if (file.endsWith('.js') && !indexHtml.includes(`"${file}"`)) scripts.push(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of FIRST_PAGE_SCREENS[path] ?? []) visit(source);
  return scripts;
}

/**
 * index.html for the directory and quick booking with what their first render needs named in its head:
 * - their screen's scripts as module preloads (`data-screen`: the web app then waits for that screen
 *   before its first render, web main.tsx), whatever the address's filters;
 * - their first API requests as fetch preloads (src/contract/first-pages.ts): on a phone the app's
 *   scripts take a second or more to parse, and the first cards' request would otherwise start only
 *   after that. `use-credentials`, as the web app's fetch sends cookies, so the browser hands the
 *   preloaded answer to that very request. Only for the address without filters; with them, the page
 *   asks for what they say.
 * The requests go before the app's own script: over HTTP/1.1 a browser opens six connections to a host
 * and the rest wait, and the server's answer takes longer than a script file, so it starts first.
 */
export function withFirstPagePreloads(indexHtml: string, path: string, { requests, manifest }: { requests: boolean; manifest: BuildManifest | null }): string {
  const fetches = (requests ? (FIRST_PAGE_REQUESTS[path] ?? []) : []).map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(url)}" />`);
  const scripts = screenScripts(indexHtml, path, manifest).map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" data-screen />`);
  let html = indexHtml;
  if (fetches.length) {
    const at = html.search(/<script|<link rel="(?:modulepreload|stylesheet)"|<\/head>/);
    html = `${html.slice(0, at)}${fetches.join('\n    ')}\n    ${html.slice(at)}`;
  }
  return scripts.length ? html.replace(/\s*<\/head>/, `\n    ${scripts.join('\n    ')}\n  </head>`) : html;
}
