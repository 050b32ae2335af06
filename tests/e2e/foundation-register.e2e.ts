import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, shot, toastTitled } from './foundation-helpers';
import { DESKTOP, newPage, PHONE, signIn, uniqueName, useBrowser } from './support/browser';

// Business registration (two steps) and restaurant registration (account step first when signed out).
useBrowser();

describe('business registration', () => {
  it('takes an account, then the business, with Back, and lands on the dashboard', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    const username = uniqueName('biz');
    await page.goto('/business-register');
    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).toBe('/login');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await shot(page, 'foundation-business-register-step1-phone');

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password').fill('plum-orchard-42');
    await page.getByRole('button', { name: 'Continue' }).click();
    const name = page.getByLabel('Business name');
    await expect.poll(() => name.isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Username').isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => page.getByLabel('Username').inputValue()).toBe(username);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('button', { name: 'Register Business' }).click();
    await page.getByText('Business name is required').waitFor();
    await page.getByText('Category is required').waitFor();
    const businessName = `Studio ${username}`;
    await name.fill(businessName);
    await page.getByLabel('Category').selectOption('Fitness');
    await page.getByLabel('Description').fill('Yoga and pilates classes.');
    await page.getByLabel('Address').fill('1 Test Street');
    await page.getByLabel('Phone').fill('(555) 000-1111');
    await page.getByLabel('Website (optional)').fill('not a url');
    await page.getByRole('button', { name: 'Register Business' }).click();
    await page.getByText('Website must be a valid URL (https://...)').waitFor();
    await page.getByLabel('Website (optional)').fill('https://studio.example');
    await expectNoHorizontalScroll(page);
    await shot(page, 'foundation-business-register-step2-phone');
    await page.getByRole('button', { name: 'Register Business' }).click();

    await expect.poll(() => new URL(page.url()).pathname).toBe('/business-dashboard');
    await toastTitled(page, 'Business Registered!').waitFor();
    const me = (await (await page.request.get('/api/user')).json()) as { username: string; userType: string; businessId: number | null };
    expect(me).toMatchObject({ username, userType: 'business' });
    const business = (await (await page.request.get(`/api/businesses/${me.businessId}`)).json()) as { businessName: string; category: string };
    expect(business).toMatchObject({ businessName, category: 'Fitness' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('tells a taken username on the account step, before the business details (issue 9)', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    await page.goto('/business-register');
    await page.getByLabel('Username').fill('ALICE');
    await page.getByLabel('Email').fill('alice-again@example.com');
    await page.getByLabel('Password').fill('plum-orchard-42');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('That username is already taken').waitFor();
    expect(await page.getByLabel('Business name').isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toContain('username');
    await page.getByLabel('Username').fill(`${'alice'}-${Date.now().toString(36)}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Business name').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('skips the account step for a business account without a business', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    const username = uniqueName('solo');
    const res = await page.request.post('/api/register', { data: { username, email: `${username}@example.com`, password: 'plum-orchard-42', userType: 'business' } });
    expect(res.status()).toBe(201);
    await page.goto('/business-register');
    await page.getByLabel('Business name').waitFor();
    expect(await page.getByLabel('Username').count()).toBe(0);
    await shot(page, 'foundation-business-register-signed-in-desktop');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('restaurant registration', () => {
  it('asks for an account first when signed out, then registers the restaurant', async () => {
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
    expect(await page.getByLabel('Max party size').inputValue()).toBe('8');
    expect(await page.getByLabel('Typical reservation duration (minutes)').inputValue()).toBe('120');
    await page.getByRole('button', { name: 'Register Restaurant' }).click();
    await page.getByText('Restaurant name is required').waitFor();
    await page.getByText('Cuisine type is required').waitFor();
    await page.getByText('Price range is required').waitFor();

    const restaurantName = `Bistro ${username}`;
    await page.getByLabel('Restaurant name').fill(restaurantName);
    await page.getByLabel('Cuisine type').selectOption('French');
    await page.getByLabel('Price range').selectOption({ label: '$$$ - Upscale' });
    await page.getByLabel('Max party size').fill('25');
    await page.getByRole('button', { name: 'Register Restaurant' }).click();
    await page.getByText('Max party size must be between 1 and 20').waitFor();
    await page.getByLabel('Max party size').fill('12');
    await page.getByLabel('Typical reservation duration (minutes)').fill('100');
    await page.getByRole('button', { name: 'Register Restaurant' }).click();
    await page.getByText('Reservation duration must be in steps of 15 minutes').waitFor();
    await page.getByLabel('Typical reservation duration (minutes)').fill('90');
    await page.getByLabel('Operating hours').fill('Tue-Sun 6 PM - 11 PM\nMon closed');
    await expectNoHorizontalScroll(page);
    await shot(page, 'foundation-restaurant-register-phone');
    await page.getByRole('button', { name: 'Register Restaurant' }).click();

    await expect.poll(() => new URL(page.url()).pathname).toBe('/business-dashboard');
    await toastTitled(page, 'Restaurant Registered!').waitFor();
    const list = (await (await page.request.get(`/api/businesses?type=restaurant&q=${encodeURIComponent(restaurantName)}`)).json()) as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ businessName: restaurantName, cuisineType: 'French', priceRange: '$$$', maxPartySize: 12, reservationDuration: 90, category: 'Restaurant' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('goes straight to the form for a signed-in business account (desktop)', async () => {
    const { page, context } = await newPage(DESKTOP);
    const username = uniqueName('cook');
    await page.request.post('/api/register', { data: { username, email: `${username}@example.com`, password: 'plum-orchard-42', userType: 'business' } });
    await page.goto('/restaurant-register');
    await page.getByLabel('Restaurant name').waitFor();
    expect(await page.getByLabel('Username').count()).toBe(0);
    await shot(page, 'foundation-restaurant-register-desktop');
    await context.close();
  });

  it('points an owner who already has a business to the dashboard', async () => {
    const { page, context } = await newPage(DESKTOP);
    await signIn(page, 'owner');
    await page.goto('/restaurant-register');
    await page.getByText('Your account already has a business.').waitFor();
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
    await context.close();
  });
});
