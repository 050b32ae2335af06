import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Business } from '../../src/contract/businesses';
import { getJson, newServiceBusiness } from './support/api';
import { DESKTOP, newPage, PHONE, uniqueName, useBrowser } from './support/browser';
import { dialogShot, expectAccessible, expectNoHorizontalScroll, shot, toastTitled } from './support/page';

useBrowser();

// The owner edits the business's details from Settings, through the real server. The editor's rules
// (messages, Escape without saving) and what the Settings tab shows are component tests
// (src/web/features/dashboard/components/dashboard.test.tsx); the hours in force after saving them are
// checked in dashboard-availability.e2e.ts.

async function openDashboard(page: Page, business: Business, tab?: string) {
  await page.goto(`/business-dashboard${tab ? `?tab=${tab}` : ''}`);
  await page.getByRole('heading', { level: 1, name: business.businessName }).waitFor();
}

describe("the owner edits the business's details", () => {
  for (const [width, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`through Edit details; the business information stays read-only and shows the change (${width})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      const { business } = await newServiceBusiness(context.request);
      await openDashboard(page, business, 'settings');
      // The business information is read-only (the Booking policies card below it is a form of its own).
      expect(await page.getByRole('tabpanel').locator('dl').locator('input, textarea, select').count()).toBe(0);
      await page.getByRole('button', { name: 'Edit details' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit business details' });
      expect(await dialog.getByLabel('Business name').inputValue()).toBe(business.businessName);
      expect(await dialog.getByLabel('Time zone').inputValue()).toBe('America/New_York');
      // The zones as people say them, by city and offset, not IANA names (issue 27): the one chosen shows
      // "New York (UTC−05:00)" (−04:00 in summer), and no option reads "Region/City".
      const zoneSelect = dialog.getByLabel('Time zone');
      expect(await zoneSelect.locator('option:checked').textContent()).toMatch(/^New York \(UTC\u22120[45]:00\)$/);
      const optionTexts = await zoneSelect.locator('option').allTextContents();
      expect(optionTexts.length).toBeGreaterThan(100);
      expect(optionTexts.filter((t) => t.includes('/'))).toEqual([]);
      expect(optionTexts).toContainEqual(expect.stringMatching(/^Tokyo \(UTC\+09:00\)$/));
      if (width === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await dialogShot(page, `dashboard-edit-business-${width}`);

      const renamed = uniqueName('Renamed Studio ');
      await dialog.getByLabel('Business name').fill(renamed);
      await dialog.getByLabel('Category').selectOption('Education');
      await dialog.getByLabel('Description', { exact: true }).fill('Small-group classes.');
      await dialog.getByLabel('Phone').fill('(212) 555-0777');
      await dialog.getByLabel('Website (optional)').fill('https://studio.example');
      await dialog.getByLabel('Time zone').selectOption('Europe/London');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await toastTitled(page, 'Business Updated').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
      const panel = page.getByRole('tabpanel');
      for (const text of ['Education', 'Small-group classes.', '(212) 555-0777', 'https://studio.example']) await panel.getByText(text, { exact: true }).waitFor();
      // The zone as people say it, not its IANA name (issue 27): "London time (GMT)", "(GMT+1)" in summer.
      await panel.getByText(/^London time \(GMT(\+1)?\)$/).waitFor();
      expect(await getJson<Business>(context.request, `/api/businesses/${business.id}`)).toMatchObject({ businessName: renamed, category: 'Education', timeZone: 'Europe/London', website: 'https://studio.example' });
      await shot(page, `dashboard-settings-after-edit-${width}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
