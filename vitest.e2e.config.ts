import { defineConfig } from 'vitest/config';
import { LongestFirst } from './tests/support/longest-first.js';

// Browser tests: the built app on PGlite with demo data, driven by Debian's Chromium. Two files run at a
// time, each worker against an app and database of its own (tests/e2e/support/global-setup.ts), so a file
// never sees another running file's data. E2E_WORKERS=1 runs one file at a time.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    // Two files share the two cores, so a test takes longer than it did alone.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // A polled assertion waits up to 5 s for the page to catch up (Vitest's default is 1 s), so a busy
    // machine running two Chromiums slows a test down instead of failing it.
    expect: { poll: { timeout: 5_000 } },
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    sequence: { sequencer: LongestFirst },
    // A worker runs its files one after another in one module graph: Playwright, axe and the helpers are
    // loaded once, and one Chromium serves them all (support/browser.ts), instead of once per file. Each
    // file still works in browser contexts of its own against its worker's app.
    isolate: false,
  },
});
