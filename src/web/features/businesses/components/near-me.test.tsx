import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import BusinessesRoute from '@/routes/businesses';
import { makeBusiness } from '@/test/fixtures';
import { mockGeolocation, restoreGeolocation } from '@/test/geolocation';
import { renderApp } from '@/test/render';
import { http, HttpResponse, server } from '@/test/server';

// "Near me" (DESIGN section 10): explains and asks before the browser does, sorts by distance when the
// location is given, and says why not (and keeps the directory working) when it is not.

const asked: URLSearchParams[] = [];
function answer() {
  asked.length = 0;
  server.use(
    http.get('/api/businesses', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const near = params.has('near');
      return HttpResponse.json([makeBusiness({ latitude: 40.7, longitude: -74, ...(near && { distanceKm: 1.23 }) }), makeBusiness({ id: 3, businessName: 'Far Away Spa', ...(near && { distanceKm: 250.4 }) })]);
    }),
    http.get('/api/earliest-appointments', () => HttpResponse.json([])),
  );
}

afterEach(restoreGeolocation);

describe('Near me', () => {
  it('explains first, then sorts by distance from the browser’s location and shows how far', async () => {
    const getPosition = mockGeolocation({ latitude: 40.712345, longitude: -74.005678 });
    answer();
    const { user, location } = renderApp(<BusinessesRoute />, { path: '/businesses?q=cut' });
    await screen.findAllByTestId('business-card');
    await user.click(screen.getByRole('button', { name: 'Near me' }));
    const panel = screen.getByRole('region', { name: 'Near me' });
    expect(panel).toHaveTextContent('Your browser will ask to share your location');
    expect(panel).toHaveFocus();
    expect(getPosition).not.toHaveBeenCalled();

    await user.click(within(panel).getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(location()).toBe('/businesses?q=cut&near=40.712%2C-74.006&sort=distance'));
    await waitFor(() => expect(screen.getAllByTestId('distance').map((d) => d.textContent)).toEqual(['1.2 km away', '250 km away']));
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ q: 'cut', near: '40.712,-74.006', sort: 'distance', limit: '24' });
    expect(screen.getByLabelText('Sort')).toHaveValue('distance');
    expect(screen.getByText(/nearest first/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Near me' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Distance'), '5');
    await waitFor(() => expect(location()).toContain('radiusKm=5'));
    await user.click(screen.getByRole('button', { name: 'Stop sorting by distance' }));
    await waitFor(() => expect(location()).toBe('/businesses?q=cut'));
    expect(screen.getByRole('button', { name: 'Near me' })).toBeInTheDocument();
  });

  it('when the location is refused, says so and how to allow it, and leaves the list as it was', async () => {
    mockGeolocation({ code: 1 });
    answer();
    const { user, location } = renderApp(<BusinessesRoute />, { path: '/businesses' });
    await screen.findAllByTestId('business-card');
    await user.click(screen.getByRole('button', { name: 'Near me' }));
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Location access was turned down. You can allow it for this site in your browser settings and try again. You can still search by name, area or address.');
    expect(location()).toBe('/businesses');
    expect(screen.queryByTestId('distance')).not.toBeInTheDocument();
    expect(asked).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('in a browser without geolocation, says so; Not now asks nothing', async () => {
    mockGeolocation('missing');
    answer();
    const { user } = renderApp(<BusinessesRoute />, { path: '/businesses' });
    await screen.findAllByTestId('business-card');
    await user.click(screen.getByRole('button', { name: 'Near me' }));
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Near me' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Near me' }));
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot share a location.');
  });
});
