import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffMemberSchema } from '@contract/staff';
import { makeBusiness, makeRestaurant, makeService } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { http, HttpResponse, server } from '@/test/server';
import { BusinessDashboard } from './business-dashboard';

// The Staff tab is a service business's (DESIGN section 9): it lists the members with the
// business's own service names; a restaurant has no such tab.

function serve(business: ReturnType<typeof makeBusiness>) {
  server.use(
    http.get(`/api/businesses/${business.id}`, () => HttpResponse.json(business)),
    http.get('/api/appointments', () => HttpResponse.json([])),
    http.get(`/api/businesses/${business.id}/services`, () => HttpResponse.json([makeService(), makeService({ id: 12, name: 'Beard Trim' })])),
    http.get(`/api/businesses/${business.id}/hours`, () => HttpResponse.json({ hours: [] })),
    http.get(`/api/businesses/${business.id}/staff`, () =>
      HttpResponse.json([staffMemberSchema.parse({ id: 21, businessId: business.id, name: 'Marco', bio: '', active: true, position: 1, serviceIds: [12], hours: null, timeOff: [] })])),
  );
}

describe('the dashboard Staff tab', () => {
  it('shows a service business its members, with the names of their services', async () => {
    const business = makeBusiness();
    serve(business);
    renderApp(<BusinessDashboard businessId={business.id} />, { path: '/business-dashboard?tab=staff' });
    expect(await screen.findByRole('tab', { name: 'Staff', selected: true })).toBeInTheDocument();
    const marco = await screen.findByTestId('staff-member');
    expect(within(marco).getByText('Marco')).toBeInTheDocument();
    expect(await within(marco).findByText('Beard Trim')).toBeInTheDocument();
  });

  it('has no Staff tab for a restaurant', async () => {
    const restaurant = makeRestaurant();
    serve(restaurant);
    renderApp(<BusinessDashboard businessId={restaurant.id} />, { path: '/business-dashboard?tab=staff' });
    expect(await screen.findByRole('tab', { name: 'Services', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Staff' })).toBeNull();
  });
});
