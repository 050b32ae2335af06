import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBusiness, makeService } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { http, HttpResponse, server } from '@/test/server';
import type { Service } from '@contract/services';
import { BusinessDashboard } from './business-dashboard';

// Issue 27: a business with no bookable service is not listed (directory, quick booking, sitemap);
// its owner's dashboard says so until a service is added, and the notice goes once the server lists it.

describe('the dashboard of a business that is not listed yet', () => {
  it('says to add a service, leads to Services, and goes once one is added', async () => {
    let services: Service[] = [];
    const business = makeBusiness({ listed: false });
    server.use(
      http.get(`/api/businesses/${business.id}`, () => HttpResponse.json({ ...business, listed: services.length > 0 })),
      http.get('/api/appointments', () => HttpResponse.json([])),
      http.get(`/api/businesses/${business.id}/services`, () => HttpResponse.json(services)),
      http.get(`/api/businesses/${business.id}/hours`, () => HttpResponse.json({ hours: [] })),
      http.get(`/api/businesses/${business.id}/staff`, () => HttpResponse.json([])),
      // The Settings tab's reminder e-mails (DESIGN section 11).
      http.get(`/api/businesses/${business.id}/reminders`, () => HttpResponse.json([])),
      http.post(`/api/businesses/${business.id}/services`, () => {
        services = [makeService({ id: 40, name: 'Deluxe Shave' })];
        return HttpResponse.json(services[0], { status: 201 });
      }),
    );
    const { user } = renderApp(<BusinessDashboard businessId={business.id} />, { path: '/business-dashboard?tab=settings' });
    const notice = await screen.findByTestId('not-listed-notice');
    expect(notice).toHaveTextContent('Your business is not listed yet: add a service.');
    await user.click(within(notice).getByRole('button', { name: 'Go to Services' }));
    expect(await screen.findByRole('tab', { name: 'Services', selected: true })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: /Add Service/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Service' });
    await user.type(within(dialog).getByLabelText('Service name'), 'Deluxe Shave');
    await user.type(within(dialog).getByLabelText('Price ($)'), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Create Service' }));
    await waitFor(() => expect(screen.queryByTestId('not-listed-notice')).toBeNull());
  });

  it('shows no notice for a listed business', async () => {
    const business = makeBusiness();
    server.use(
      http.get(`/api/businesses/${business.id}`, () => HttpResponse.json(business)),
      http.get('/api/appointments', () => HttpResponse.json([])),
      http.get(`/api/businesses/${business.id}/services`, () => HttpResponse.json([makeService()])),
    );
    renderApp(<BusinessDashboard businessId={business.id} />, { path: '/business-dashboard?tab=services' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('not-listed-notice')).toBeNull();
  });
});
