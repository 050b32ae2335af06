import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setSessionUser } from '@/lib/session-store';
import { makeUser } from '@/test/fixtures';
import { expectToast, renderApp } from '@/test/render';
import { http, HttpResponse, server, signedInAs } from '@/test/server';
import { AppShell } from './app-shell';

// The header without a browser: each person's links (signed out, customer, owner) in the header and the phone's menu, the phone's menu (Escape and a followed
// link close it), the skip link, the signed-out bell's dot, and who is signed in. A person following
// the links through the real app is tests/e2e/header-navigation.e2e.ts.

const visitorLinks = ['Home', 'Businesses', 'Book Reservation', 'Skip the Line', 'Login', 'Register Business'];
const customerLinks = ['Home', 'Businesses', 'Book Reservation', 'Skip the Line', 'My Appointments', 'Queue'];
const ownerLinks = ['Home', 'Dashboard', 'Businesses', 'Book Reservation', 'Skip the Line', 'My Appointments'];
const linkTexts = (nav: HTMLElement) => within(nav).getAllByRole('link').map((l) => l.textContent);

// A signed-in header loads the bell inside the app's own query layer, whose user query the header
// follows: a test's user question still in flight would otherwise be answered into the next test.
afterEach(async () => {
  await queryClient.cancelQueries();
  queryClient.clear();
  setSessionUser(null);
  vi.useRealTimers();
});

describe('the header', () => {
  it('shows a signed-out visitor browsing, sign-in and business registration, and nothing of an account', () => {
    renderApp(<AppShell />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(linkTexts(nav)).toEqual(visitorLinks);
    expect(within(nav).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/', '/businesses', '/restaurant-booking', '/quick-booking', '/login', '/business-register']);
  });

  for (const [who, person, links] of [
    ['a customer', makeUser(), customerLinks],
    ['an owner', makeUser({ id: 2, username: 'owner', userType: 'business' }), ownerLinks],
  ] as const) {
    it(`shows ${who} what they can do, in the header and the phone's menu alike: no Login, no one else's screens`, async () => {
      server.use(http.get('/api/notifications', () => HttpResponse.json({ notifications: [], unread: 0 })));
      // The server says so too: the bell's user query, once answered, is what the header follows.
      signedInAs(person);
      act(() => setSessionUser(person));
      const { user } = renderApp(<AppShell />);
      expect(linkTexts(screen.getByRole('navigation', { name: 'Main' }))).toEqual(links);
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      const menu = screen.getByRole('navigation', { name: 'Mobile' });
      expect(linkTexts(menu).filter((t) => t?.trim() !== 'Profile')).toEqual(links);
      for (const never of who === 'a customer' ? ['Dashboard', 'Login', 'Register Business'] : ['Login', 'Register Business', 'Queue']) {
        expect(within(menu).queryByRole('link', { name: never })).not.toBeInTheDocument();
      }
    });
  }

  it("the phone's menu opens with the visitor's links, closes on Escape and when a link is followed", async () => {
    const { user, location } = renderApp(<AppShell />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(linkTexts(menu)).toEqual(visitorLinks);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Businesses' }));
    expect(location()).toBe('/businesses');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('the first Tab reaches the skip link, which points at the focusable main content', async () => {
    const { user } = renderApp(<AppShell />);
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('main')).toHaveAttribute('tabindex', '-1');
  });

  it("signed out, the bell leads to sign-in and its dot toggles every 8 seconds", () => {
    vi.useFakeTimers();
    renderApp(<AppShell />);
    expect(screen.getByRole('link', { name: 'Notifications (sign in to see them)' })).toHaveAttribute('href', '/login');
    const shown = () => screen.queryByTestId('notification-dot') !== null;
    const flips: number[] = [];
    let was = shown();
    for (let second = 1; second <= 26; second++) {
      act(() => vi.advanceTimersByTime(1000));
      if (shown() !== was) flips.push(second);
      was = shown();
    }
    expect(flips).toEqual([8, 16, 24]);
  });

  it('signed in, says who at every width and signs out to the home page', async () => {
    const alice = makeUser();
    signedInAs(alice);
    let loggedOut = false;
    server.use(
      http.get('/api/notifications', () => HttpResponse.json({ notifications: [], unread: 0 })),
      http.post('/api/logout', () => {
        loggedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    act(() => setSessionUser(alice));
    const { user, location } = renderApp(<AppShell />, { path: '/appointments' });
    expect(screen.getByTestId('signed-in-user')).toHaveTextContent('alice');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByText(/Signed in as/)).toHaveTextContent('Signed in as alicecustomer account');
    await user.click(within(menu).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location()).toBe('/'));
    await expectToast('Signed out');
    expect(loggedOut).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('signed-in-user')).not.toBeInTheDocument());
  });
});
