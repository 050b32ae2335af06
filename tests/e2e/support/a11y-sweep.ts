import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { QUICK_SCREEN, type Screen, screensFor, signInAs, type Who } from './a11y-screens';
import { axeViolations } from './page';
import { DESKTOP, newPage, PHONE, screenshot, screenshotDir, screenshotsWanted, useBrowser } from './browser';

// Issue 9: every screen, signed out and signed in as a customer and as owners, at 375 px and 1280 px:
// axe finds nothing serious, critical or moderate, the tab has the screen's own title, and the console
// stays clean — strictly, failed requests included (a signed-out page used to log GET /api/user's 401).
// One file per kind of visitor (a11y-*.e2e.ts), so the sweep is shared between the test workers. The whole
// sweep took a third of the browser tests' time, so `npm test` checks one screen per kind of visitor
// (QUICK_SCREEN) and A11Y_SWEEP=all, as `npm run test:deep` sets it, checks every screen.
const everyScreen = process.env.A11Y_SWEEP === 'all';

async function strictConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(`${page.url()}: ${msg.text()}`));
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** Two animation frames: the layout (and any matchMedia listener) has caught up with a new viewport. */
const settle = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** The sweep for one kind of visitor, as a test file of its own. */
export function checkEveryScreen(who: Who) {
  useBrowser();
  describe('every screen: axe, document title, clean console', () => {
    // Each screen is loaded once and checked at both widths (the window resized in place, as a phone
    // rotating or a desktop window narrowed would), so the sign-in and the setup are not repeated.
    it(`${who} at ${DESKTOP.width}px and ${PHONE.width}px (${everyScreen ? 'every screen' : QUICK_SCREEN[who]})`, { timeout: 600_000 }, async () => {
      const { page, context } = await newPage(DESKTOP);
      const errors = await strictConsole(page);
      if (who !== 'signed out') await signInAs(who, context);

      const problems: string[] = [];
      const load = async (screen: Screen) => {
        await page.goto(screen.url);
        await (screen.ready ?? ((p: Page) => p.getByRole('heading', { level: 1 }).first().waitFor()))(page);
        await page.waitForLoadState('networkidle');
      };
      const wanted = (name: string) => everyScreen || name === QUICK_SCREEN[who];
      const screens = (await screensFor(who, context, wanted)).filter((s) => wanted(s.name));
      expect(screens.length).toBeGreaterThan(0);
      for (const screen of screens) {
        await page.setViewportSize(DESKTOP);
        await load(screen);
        const title = await page.title();
        if (title !== screen.title) problems.push(`${screen.name}: title "${title}", expected "${screen.title}"`);
        for (const viewport of [DESKTOP, PHONE]) {
          if (viewport !== DESKTOP) {
            await page.setViewportSize(viewport);
            // A dialog is opened afresh from the page as a phone first shows it (closing one can move focus and scroll).
            if (screen.open) await load(screen);
            else await settle(page);
          }
          if (screen.open) {
            await screen.open(page);
            // The open animation has finished (not a fixed 300 ms), so colours are final; endless ones (spinners) never do.
            await page.evaluate(() =>
              Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => {}))),
            );
          }
          for (const v of (await axeViolations(page)).filter((x) => x.impact !== 'minor')) {
            problems.push(`${screen.name} at ${viewport.width}px: ${v.impact} ${v.id} – ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
          }
          const name = `every-${who.replace(' ', '-')}-${screen.name}-${viewport.width}`;
          if (screenshotsWanted) await (screen.open ? page.screenshot({ path: `${screenshotDir}/${name}.png` }) : screenshot(page, name));
          if (screen.open) {
            await page.keyboard.press('Escape');
            await page.getByRole('dialog').first().waitFor({ state: 'hidden', timeout: 2_000 }).catch(() => {});
          }
        }
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
