import { describe, expect, it } from 'vitest';
import { newPage, PHONE, uniqueName, useBrowser } from './support/browser';
import { expectAccessible, expectNoHorizontalScroll, openTab, shot, toastTitled } from './support/page';

// Registering a business and a restaurant through the real app, from the account step to the dashboard.
// Each form's rules (messages, Back, defaults, who skips the account step) are component tests:
// src/web/features/businesses/components/onboarding-flow.test.tsx.
useBrowser();

describe('business registration', () => {
  it('takes an account (a taken username said on step 1), then the business, and lands on the dashboard (phone)', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    const username = uniqueName('biz');
    await page.goto('/business-register');
    // The server says the username is taken before the business details are asked for.
    await page.getByLabel('Username').fill('owner');
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password').fill('plum-orchard-42');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('That username is already taken').waitFor();
    expect(await page.getByLabel('Business name').isVisible()).toBe(false);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shot(page, 'business-register-username-taken-phone');
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Continue' }).click();
    const name = page.getByLabel('Business name');
    await expect.poll(() => name.isVisible()).toBe(true);

    // Submitting step 2 empty from the bottom of the form focuses 'Your name' below the sticky header, not under it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Register Business' }).click();
    await page.getByText('Business name is required').waitFor();
    await page.getByText('Your name is required').waitFor();
    const { field, header } = await page.evaluate(() => ({ field: document.activeElement?.getBoundingClientRect().top ?? -1, header: document.querySelector('header')!.getBoundingClientRect().bottom }));
    expect(field).toBeGreaterThanOrEqual(header);

    const businessName = `Studio ${username}`;
    await page.getByLabel('Your name').fill('Dana Reyes');
    await name.fill(businessName);
    await page.getByLabel('Category').selectOption('Fitness');
    await page.getByLabel('Description').fill('Yoga and pilates classes.');
    await page.getByLabel('Address').fill('1 Test Street');
    // A phone that is no number is refused at the field (issue 27: "abc" was accepted).
    await page.getByLabel('Phone').fill('abc');
    await page.getByLabel('Website (optional)').fill('https://studio.example');
    await page.getByRole('button', { name: 'Register Business' }).click();
    await page.getByText(/^Phone is not a valid phone number/).waitFor();
    await page.getByLabel('Phone').fill('(212) 555-0111');
    await expectNoHorizontalScroll(page);
    await shot(page, 'business-register-details-phone');
    await page.getByRole('button', { name: 'Register Business' }).click();

    await expect.poll(() => new URL(page.url()).pathname).toBe('/business-dashboard');
    await toastTitled(page, 'Business Registered!').waitFor();
    const me = (await (await page.request.get('/api/user')).json()) as { username: string; userType: string; businessId: number | null };
    expect(me).toMatchObject({ username, userType: 'business' });
    const business = (await (await page.request.get(`/api/businesses/${me.businessId}`)).json()) as Record<string, unknown>;
    expect(business).toMatchObject({ businessName, category: 'Fitness', website: 'https://studio.example', phone: '+12125550111', listed: false });
    // Not listed until it has a service; the first staff member is the owner, by name.
    await page.getByTestId('not-listed-notice').getByText('Your business is not listed yet: add a service.').waitFor();
    expect(((await (await page.request.get(`/api/businesses/${me.businessId}/staff`)).json()) as { name: string }[]).map((m) => m.name)).toEqual(['Dana Reyes']);
    await expectNoHorizontalScroll(page);
    await shot(page, 'business-register-not-listed-phone');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('restaurant registration', () => {
  it('asks for an account first, registers the restaurant, and its tables follow the days it opens (phone)', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    const username = uniqueName('chef');
    await page.goto('/restaurant-register');
    await page.getByLabel('Username').waitFor();
    expect(await page.getByLabel('Restaurant name').isVisible()).toBe(false);
    await page.getByLabel('Username').fill(username);
    // The restaurant form (with its own Email field) is already on the page, hidden until step 2.
    await page.getByLabel('Email').filter({ visible: true }).fill(`${username}@example.com`);
    await page.getByLabel('Password').fill('plum-orchard-42');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => page.getByLabel('Restaurant name').isVisible()).toBe(true);
    const restaurantName = `Bistro ${username}`;
    await page.getByLabel('Your name').fill('Chef Ana');
    await page.getByLabel('Restaurant name').fill(restaurantName);
    await page.getByLabel('Cuisine type').selectOption('French');
    await page.getByLabel('Price range').selectOption({ label: '$$$ - Upscale' });
    await page.getByLabel('Max party size').fill('12');
    await page.getByLabel('Typical reservation duration (minutes)').fill('90');
    for (const day of ['Monday', 'Sunday']) await page.getByRole('checkbox', { name: day }).uncheck();
    await page.getByLabel('Operating hours').fill('Tue-Sat 5 PM - 11 PM');
    await expectNoHorizontalScroll(page);
    await shot(page, 'restaurant-register-phone');
    await page.getByRole('button', { name: 'Register Restaurant' }).click();

    await expect.poll(() => new URL(page.url()).pathname).toBe('/business-dashboard');
    await toastTitled(page, 'Restaurant Registered!').waitFor();
    const list = (await (await page.request.get(`/api/businesses?type=restaurant&q=${encodeURIComponent(restaurantName)}`)).json()) as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ businessName: restaurantName, cuisineType: 'French', priceRange: '$$$', maxPartySize: 12, reservationDuration: 90, category: 'Restaurant' });

    // Settings says the weekly hours in force: the default evening tables, on the days it opens.
    await page.getByRole('heading', { level: 1, name: restaurantName }).waitFor();
    await openTab(page, 'Settings');
    const line = (day: string) => page.getByRole('tabpanel').getByRole('list', { name: 'Weekly hours' }).getByRole('listitem').filter({ hasText: day });
    await expect.poll(() => line('Tuesday').textContent()).toBe('Tuesday5:00 PM – 11:00 PM');
    expect(await line('Monday').textContent()).toBe('MondayClosed');
    expect(await line('Sunday').textContent()).toBe('SundayClosed');
    await page.getByRole('tabpanel').getByText('Tue-Sat 5 PM - 11 PM').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
