/**
 * The PUBLIC_URL the browser tests' app is started with (app-server.ts): another address than the one
 * it listens on, so a test sees that links in robots.txt, the sitemap and shared pages come from it.
 */
export const E2E_PUBLIC_URL = 'https://que.example';
