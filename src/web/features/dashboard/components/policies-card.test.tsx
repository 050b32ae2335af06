import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { updateBusinessSchema } from '@contract/businesses';
import { makeBusiness } from '@/test/fixtures';
import { expectToast, renderApp } from '@/test/render';
import { http, HttpResponse, recorder, server } from '@/test/server';
import { PoliciesCard } from './policies-card';

// The owner's booking policies form (DESIGN section 9): what it shows, its messages, and that it
// sends only the keys changed (empty = back to the default).

const business = makeBusiness();

describe('the policies form', () => {
  it('shows the effective policies and sends only what changed, empty as null', async () => {
    const sent = recorder<Record<string, unknown>>();
    server.use(
      http.patch(`/api/businesses/${business.id}`, async ({ request }) => {
        const body = updateBusinessSchema.parse(await sent.take(request));
        return HttpResponse.json({ ...business, policies: { ...business.policies, ...body.policies, cancelCutoffMinutes: 1440 } });
      }),
    );
    const withCutoff = makeBusiness({ policies: { ...business.policies, rescheduleCutoffMinutes: 60 } });
    const { user } = renderApp(<PoliciesCard business={withCutoff} />);
    expect(screen.getByLabelText('Minimum notice')).toHaveValue(0);
    expect(screen.getByLabelText('Book at most (days ahead)')).toHaveValue(30);
    expect(screen.getByLabelText('Swap offers close (before the start)')).toHaveValue(15);
    // 60 minutes reads as 1 hour (issue 27: no more typing 1440 for a day).
    expect(screen.getByLabelText('Rescheduling until (before the start)')).toHaveValue(1);
    expect(screen.getByRole('combobox', { name: 'Rescheduling until (before the start) unit' })).toHaveValue('hours');
    expect(screen.getByRole('checkbox', { name: /Swap market/ })).toBeChecked();

    await user.clear(screen.getByLabelText('Minimum notice'));
    await user.type(screen.getByLabelText('Minimum notice'), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Minimum notice unit' }), 'hours');
    await user.type(screen.getByLabelText('Free cancellation until (before the start)'), '1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Free cancellation until (before the start) unit' }), 'days');
    await user.clear(screen.getByLabelText('Rescheduling until (before the start)'));
    await user.click(screen.getByRole('checkbox', { name: /Swap market/ }));
    await user.click(screen.getByRole('button', { name: 'Save policies' }));
    await expectToast('Policies saved');
    expect(sent.bodies).toEqual([{ policies: { swapMarket: false, minNoticeMinutes: 120, cancelCutoffMinutes: 1440, rescheduleCutoffMinutes: null } }]);
  });

  it('names a value out of range and sends nothing', async () => {
    const sent = recorder<Record<string, unknown>>();
    server.use(http.patch(`/api/businesses/${business.id}`, async ({ request }) => HttpResponse.json({ ...business, ...(await sent.take(request)) })));
    const { user } = renderApp(<PoliciesCard business={business} />);
    await user.type(screen.getByLabelText('Upcoming bookings per customer'), '0');
    await user.clear(screen.getByLabelText('Book at most (days ahead)'));
    await user.type(screen.getByLabelText('Book at most (days ahead)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Save policies' }));
    expect(await screen.findByText('Bookings per customer must be between 1 and 100')).toBeInTheDocument();
    expect(screen.getByText('Maximum advance must be between 1 and 730')).toBeInTheDocument();
    expect(screen.getByLabelText('Upcoming bookings per customer')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.bodies).toEqual([]);
  });
});
