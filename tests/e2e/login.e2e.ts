import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE, signInThroughForm, uniqueName, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, shot, toastTitled } from './support/page';

// Signing in through the real form and server, and creating a customer account from My Appointments.
// The forms' rules (required fields, a wrong password, redirects, the signed-in view, the registration's
// messages) are component tests: src/web/features/auth/components/login-form.test.tsx and
// src/web/features/appointments/components/my-appointments.test.tsx.
useBrowser();

describe('login', () => {
  it('sends a customer to My Appointments and a business owner to the dashboard', async () => {
    for (const [username, target] of [['alice', '/appointments'], ['owner', '/business-dashboard']] as const) {
      const { page, context, consoleErrors } = await newPage(username === 'alice' ? PHONE : DESKTOP);
      await signInThroughForm(page, username);
      await expect.poll(() => new URL(page.url()).pathname).toBe(target);
      await toastTitled(page, 'Login Successful').getByText(`Welcome back, ${username}!`).waitFor();
      if (username === 'alice') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).getByText('Signed in as alice').waitFor();
      } else await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('says a wrong password plainly', async () => {
    const { page, context } = await newPage(PHONE);
    await page.goto('/login');
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toastTitled(page, 'Login Failed').getByText('Invalid username or password').waitFor();
    await expectNoHorizontalScroll(page);
    await shot(page, 'login-failed-phone');
    await context.close();
  });
});

describe('My Appointments, signed out', () => {
  it('creates a customer account inline and is signed in at once (phone)', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    await page.goto('/appointments');
    const username = uniqueName('cust');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('plum-orchard-42');
    await page.getByLabel('Confirm Password').fill('plum-orchard-42');
    await expectNoHorizontalScroll(page);
    await shot(page, 'appointments-signed-out-phone');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toastTitled(page, 'Account created successfully!').waitFor();
    await page.getByText('No appointments yet').waitFor();
    expect(await page.getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
