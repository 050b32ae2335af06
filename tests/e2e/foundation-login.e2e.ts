import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, shot, toastTitled } from './foundation-helpers';
import { DESKTOP, newPage, PHONE, signInThroughForm, uniqueName, useBrowser } from './support/browser';

// Login and the signed-out My Appointments (sign in, or register as a customer inline).
useBrowser();

describe('login', () => {
  it('validates required fields and reports a wrong password', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    await page.goto('/login');
    await page.getByText('alice').first().waitFor();
    await page.getByText('owner').first().waitFor();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toastTitled(page, 'Login Failed').getByText('Invalid username or password').waitFor();
    expect(await page.getByRole('link', { name: 'Register as Business' }).getAttribute('href')).toBe('/business-register');
    expect(await page.getByRole('link', { name: 'Continue as Customer' }).getAttribute('href')).toBe('/');
    await expectNoHorizontalScroll(page);
    await shot(page, 'foundation-login-phone');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('sends a customer to My Appointments and a business owner to the dashboard', async () => {
    for (const [username, target] of [['alice', '/appointments'], ['owner', '/business-dashboard']] as const) {
      const { page, context, consoleErrors } = await newPage(DESKTOP);
      await signInThroughForm(page, username);
      await expect.poll(() => new URL(page.url()).pathname).toBe(target);
      await toastTitled(page, 'Login Successful').getByText(`Welcome back, ${username}!`).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('follows a same-site redirect and ignores one to another site', async () => {
    const { page, context } = await newPage(DESKTOP);
    await page.goto('/login?redirect=/queue-dashboard');
    await page.getByRole('button', { name: 'Use bob' }).click();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/queue-dashboard');

    await page.goto('/login?redirect=//evil.example/');
    // Signed in, /login says who you are (issue 9); signing out here shows the form again.
    await page.getByRole('button', { name: 'Sign in with another account' }).click();
    await page.getByLabel('Username').fill('bob');
    await page.getByLabel('Password').fill('password123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/appointments$/);
    await context.close();
  });
});

describe('My Appointments, signed out', () => {
  it('offers sign-in and validates the inline registration', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    await page.goto('/appointments');
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login?redirect=/appointments');
    for (const benefit of ['Manage your appointments', 'Earn Que Credit', 'Skip the line', 'Email confirmations']) {
      await main.getByText(benefit, { exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Password123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('That password is too common. Choose a less guessable one.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('plum-orchard-42');
    await page.getByLabel('Confirm Password').fill('plum-orchard-43');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await expectNoHorizontalScroll(page);
    await shot(page, 'foundation-appointments-signed-out-phone');

    const username = uniqueName('cust');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Confirm Password').fill('plum-orchard-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toastTitled(page, 'Account created successfully!').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('reports a taken username', async () => {
    const { page, context } = await newPage(DESKTOP);
    await page.goto('/appointments');
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Email').fill('someone-else@example.com');
    await page.getByLabel('Password', { exact: true }).fill('plum-orchard-42');
    await page.getByLabel('Confirm Password').fill('plum-orchard-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toastTitled(page, 'Registration failed').waitFor();
    await shot(page, 'foundation-appointments-signed-out-desktop');
    await context.close();
  });
});
