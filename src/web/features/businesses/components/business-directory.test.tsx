import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Business } from '@contract/businesses';
import BusinessesRoute from '@/routes/businesses';
import RestaurantBookingRoute from '@/routes/restaurant-booking';
import { makeBusiness, makeRestaurant } from '@/test/fixtures';
import { expectToast, renderApp, shownToast } from '@/test/render';
import { apiError, http, HttpResponse, server } from '@/test/server';

// The directory while it loads and when its requests fail, its filters in the address and its pages,
// without a browser. Searching and paging the real server is tests/e2e/directory.e2e.ts.

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
    const { queryClient } = renderApp(<BusinessesRoute />, { path: '/businesses' });
    const loading = await screen.findByTestId('directory-loading');
    expect(loading.querySelectorAll(':scope > div')).toHaveLength(6);
    release();
    expect(await screen.findAllByTestId('business-card')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Skip the line' })).toBeInTheDocument();
    // Every request has been answered and its failure handled (not a fixed 50 ms): nothing is left to show a slot or a toast.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await waitFor(() => expect(queryClient.getQueryCache().findAll().some((q) => q.state.status === 'error')).toBe(true));
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

/** 24 shops named Shop 01.. from `first`, as a page of the directory. */
const page = (first: number, count: number): Business[] => Array.from({ length: count }, (_, i) => makeBusiness({ id: first + i, businessName: `Shop ${String(first + i).padStart(2, '0')}` }));
const withNext = (body: Business[], next: string) => HttpResponse.json(body, { headers: { Link: `<${next}>; rel="next"` } });

describe('the directory a page at a time', () => {
  it('asks for 24, and Show more appends the page the Link header names, until there is none', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/businesses', ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.pathname}${url.search}`);
        return url.searchParams.get('cursor') === 'page-2' ? HttpResponse.json(page(25, 3)) : withNext(page(1, 24), '/api/businesses?limit=24&cursor=page-2');
      }),
      http.get('/api/earliest-appointments', () => HttpResponse.json([])),
    );
    const { user } = renderApp(<BusinessesRoute />, { path: '/businesses' });
    expect(await screen.findAllByTestId('business-card')).toHaveLength(24);
    expect(screen.getByText('Showing the first 24 businesses')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more businesses' }));
    await waitFor(() => expect(screen.getAllByTestId('business-card')).toHaveLength(27));
    // The keyboard goes on from the first new card, not from below the whole new page.
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/^Shop 25/));
    const names = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent).filter((t) => t?.startsWith('Shop'));
    expect(names[0]).toBe('Shop 01');
    expect(names.at(-1)).toBe('Shop 27');
    expect(screen.queryByRole('button', { name: 'Show more businesses' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 27 businesses')).toBeInTheDocument();
    expect(asked).toEqual(['/api/businesses?limit=24', '/api/businesses?limit=24&cursor=page-2']);
  });

  it('follows an empty availableOn page’s Link at once, and says none found only when the list ends', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/businesses', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        asked.push(cursor);
        // the server looked at its most businesses without finding one free: an empty page with a Link
        if (!cursor) return withNext([], '/api/businesses?limit=24&availableOn=2030-05-02&cursor=scan-2');
        return HttpResponse.json(page(1, 2));
      }),
      http.get('/api/earliest-appointments', () => HttpResponse.json([])),
    );
    renderApp(<BusinessesRoute />, { path: '/businesses?availableOn=2030-05-02' });
    expect(await screen.findAllByTestId('business-card')).toHaveLength(2);
    expect(screen.queryByText('No businesses found matching your search.')).not.toBeInTheDocument();
    expect(asked).toEqual([null, 'scan-2']);
  });

  it('reads every filter from the address, shows it, and asks the server for it', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/businesses', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json([makeRestaurant()]);
      }),
      http.get('/api/earliest-appointments', () => HttpResponse.json([])),
    );
    renderApp(<BusinessesRoute />, { path: '/businesses?type=restaurant&cuisine=Italian&priceRange=%24%24&partySize=4&openNow=true&availableOn=2030-05-02&sort=rating&q=pasta' });
    await screen.findByTestId('business-card');
    expect(Object.fromEntries(asked[0])).toEqual({ type: 'restaurant', q: 'pasta', cuisine: 'Italian', priceRange: '$$', partySize: '4', openNow: 'true', availableOn: '2030-05-02', sort: 'rating', limit: '24' });
    expect(screen.getByRole('searchbox', { name: 'Search businesses' })).toHaveValue('pasta');
    expect(screen.getByRole('button', { name: 'Restaurants' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Cuisine')).toHaveValue('Italian');
    expect(screen.getByLabelText('Price')).toHaveValue('$$');
    expect(screen.getByLabelText('Party size')).toHaveValue('4');
    expect(screen.getByLabelText('Open now')).toBeChecked();
    expect(screen.getByLabelText('Free on')).toHaveValue('2030-05-02');
    expect(screen.getByLabelText('Sort')).toHaveValue('rating');
    expect(screen.queryByLabelText('Category')).not.toBeInTheDocument();
  });

  it('drops what it cannot use rather than sending it', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/businesses', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(shops);
      }),
      http.get('/api/earliest-appointments', () => HttpResponse.json([])),
    );
    renderApp(<BusinessesRoute />, { path: '/businesses?partySize=99&sort=distance&availableOn=soon&category=Nope&near=500,1&type=boats' });
    await screen.findAllByTestId('business-card');
    expect(asked).toEqual(['?limit=24']);
  });

  it('writes each change of filter into the address and asks again', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/businesses', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(shops);
      }),
      http.get('/api/earliest-appointments', () => HttpResponse.json([])),
    );
    const { user, location } = renderApp(<BusinessesRoute />, { path: '/businesses' });
    await screen.findAllByTestId('business-card');
    await user.click(screen.getByRole('button', { name: 'Restaurants' }));
    await user.selectOptions(screen.getByLabelText('Cuisine'), 'Japanese');
    await user.selectOptions(screen.getByLabelText('Party size'), '6');
    await user.click(screen.getByLabelText('Open now'));
    await user.selectOptions(screen.getByLabelText('Sort'), 'soonest');
    await waitFor(() => expect(location()).toBe('/businesses?type=restaurant&cuisine=Japanese&partySize=6&openNow=true&sort=soonest'));
    await waitFor(() => expect(Object.fromEntries(asked.at(-1)!)).toMatchObject({ type: 'restaurant', cuisine: 'Japanese', partySize: '6', openNow: 'true', sort: 'soonest' }));

    // Services: the restaurant-only filters go; Clear filters takes the rest.
    await user.click(screen.getByRole('button', { name: 'Services' }));
    await waitFor(() => expect(location()).toBe('/businesses?type=service&openNow=true&sort=soonest'));
    await user.selectOptions(screen.getByLabelText('Category'), 'Healthcare');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/businesses?type=service&sort=soonest'));
  });

  it('shows each card’s rating, or New', async () => {
    server.use(
      http.get('/api/businesses', () => HttpResponse.json([makeBusiness({ ratingAverage: 4.6, ratingCount: 23 }), makeBusiness({ id: 3, businessName: 'Fresh Start' })])),
      http.get('/api/earliest-appointments', () => HttpResponse.json([])),
    );
    renderApp(<BusinessesRoute />, { path: '/businesses' });
    const [rated, fresh] = await screen.findAllByTestId('business-card');
    expect(within(rated).getByLabelText('Rated 4.6 out of 5 from 23 reviews')).toHaveTextContent('4.6(23 reviews)');
    expect(within(fresh).getByLabelText('New: no reviews yet')).toBeInTheDocument();
  });
});
