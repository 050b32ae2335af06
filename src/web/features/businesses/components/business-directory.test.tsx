import { screen, waitFor } from '@testing-library/react';
import { delay } from 'msw';
import { describe, expect, it } from 'vitest';
import BusinessesRoute from '@/routes/businesses';
import RestaurantBookingRoute from '@/routes/restaurant-booking';
import { makeBusiness, makeRestaurant } from '@/test/fixtures';
import { expectToast, renderApp, shownToast } from '@/test/render';
import { apiError, http, HttpResponse, server } from '@/test/server';

// The directory while it loads and when its requests fail, without a browser. Searching the real
// server is tests/e2e/directory.e2e.ts.

const shops = [makeBusiness(), makeBusiness({ id: 3, businessName: 'Bright Smile Dental', category: 'Dental' })];

describe('the directory', () => {
  it('shows 6 placeholders while loading, then the cards, and the banner without a slot when earliest-appointments fails', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/businesses', async () => {
        await held;
        return HttpResponse.json(shops);
      }),
      http.get('/api/earliest-appointments', () => apiError(503, 'Service unavailable')),
    );
    renderApp(<BusinessesRoute />, { path: '/businesses' });
    const loading = await screen.findByTestId('directory-loading');
    expect(loading.querySelectorAll(':scope > div')).toHaveLength(6);
    release();
    expect(await screen.findAllByTestId('business-card')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Skip the line' })).toBeInTheDocument();
    await delay(50);
    expect(screen.queryByText('Earliest available:')).not.toBeInTheDocument();
    expect(shownToast()).toBeUndefined();
    expect(document.title).toBe('Businesses – Que');
  });

  it("says 'Failed to fetch businesses' with the server's words, and Try again asks again", async () => {
    let calls = 0;
    server.use(
      http.get('/api/businesses', () => (++calls === 1 ? apiError(503, 'Database is restarting') : HttpResponse.json([makeRestaurant()]))),
      http.get('/api/earliest-appointments', () => HttpResponse.json([])),
    );
    const { user } = renderApp(<RestaurantBookingRoute />, { path: '/restaurant-booking' });
    await expectToast('Failed to fetch businesses', 'Database is restarting');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('business-card')).toHaveTextContent('Trattoria Bella');
    expect(calls).toBe(2);
  });

  it('keeps the search in the address and asks the server for it', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/businesses', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(new URL(request.url).searchParams.get('q') ? [] : shops);
      }),
      http.get('/api/earliest-appointments', () => HttpResponse.json([])),
    );
    const { user, location } = renderApp(<BusinessesRoute />, { path: '/businesses' });
    await screen.findAllByTestId('business-card');
    await user.type(screen.getByRole('searchbox', { name: 'Search businesses' }), 'DENTAL');
    await waitFor(() => expect(location()).toContain('q=DENTAL'), { timeout: 3000 });
    expect(await screen.findByText('No businesses found matching your search.')).toBeInTheDocument();
    expect(asked.some((q) => q.includes('q=DENTAL'))).toBe(true);
    await user.click(screen.getAllByRole('button', { name: 'Clear search' })[0]);
    expect(await screen.findAllByTestId('business-card')).toHaveLength(2);
  });
});
