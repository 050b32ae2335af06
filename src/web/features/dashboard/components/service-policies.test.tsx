import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { serviceInputSchema } from '@contract/services';
import { makeService } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { ServiceFormDialog } from './service-form-dialog';

// A service's policy overrides in its editor (DESIGN section 9): shown as set, an empty one sent as
// null (the business's policy applies again), a number out of range named before anything is sent.

describe("the service form's policy overrides", () => {
  it('shows the overrides, sends each edited key, empty as null, in a body the server accepts', async () => {
    const onSubmit = vi.fn();
    const service = makeService({ policies: { minNoticeMinutes: 60, swapCutoffMinutes: 30 } });
    const { user } = renderApp(<ServiceFormDialog open service={service} busy={false} onOpenChange={() => {}} onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Service' });
    // Open: the service overrides some. Lengths read in the unit that fits (60 minutes is 1 hour).
    expect(within(dialog).getByRole('button', { name: 'More options' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByLabelText('Minimum notice')).toHaveValue(1);
    expect(within(dialog).getByRole('combobox', { name: 'Minimum notice unit' })).toHaveValue('hours');
    expect(within(dialog).getByLabelText('Free cancellation until (before the start)')).toHaveValue(null);
    expect(within(dialog).getByLabelText('Swap offers close (before the start)')).toHaveValue(30);
    await user.clear(within(dialog).getByLabelText('Minimum notice'));
    // A day, chosen as a day: sent as 1440 minutes.
    await user.type(within(dialog).getByLabelText('Free cancellation until (before the start)'), '1');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Free cancellation until (before the start) unit' }), 'days');
    await user.type(within(dialog).getByLabelText('Upcoming bookings per customer'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const sent = onSubmit.mock.calls[0][0];
    expect(sent.policies).toEqual({
      minNoticeMinutes: null, maxAdvanceDays: null, slotIntervalMinutes: null, cancelCutoffMinutes: 1440, rescheduleCutoffMinutes: null,
      maxActivePerCustomer: 2, swapCutoffMinutes: 30, bufferBeforeMinutes: null, bufferAfterMinutes: null,
      // the payment policy (DESIGN section 11): none, every amount cleared
      paymentPolicy: null, depositCents: null, noShowFeeCents: null, lateCancelFeeCents: null,
    });
    expect(serviceInputSchema.safeParse(sent).success).toBe(true);
  });

  it('shows the buffers as set and sends both, empty as null (none), in a body the server accepts', async () => {
    const onSubmit = vi.fn();
    const service = makeService({ policies: { bufferAfterMinutes: 15 } });
    const { user } = renderApp(<ServiceFormDialog open service={service} busy={false} onOpenChange={() => {}} onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Service' });
    expect(within(dialog).getByLabelText('Buffer after each visit')).toHaveValue(15);
    expect(within(dialog).getByLabelText('Buffer before each visit')).toHaveValue(null);
    await user.type(within(dialog).getByLabelText('Buffer before each visit'), '10');
    await user.clear(within(dialog).getByLabelText('Buffer after each visit'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const sent = onSubmit.mock.calls[0][0];
    expect(sent.policies).toMatchObject({ bufferBeforeMinutes: 10, bufferAfterMinutes: null });
    expect(serviceInputSchema.safeParse(sent).success).toBe(true);
  });

  it('names a buffer out of range and sends nothing', async () => {
    const onSubmit = vi.fn();
    const { user } = renderApp(<ServiceFormDialog open service={makeService()} busy={false} onOpenChange={() => {}} onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Service' });
    await user.click(within(dialog).getByRole('button', { name: 'More options' }));
    await user.type(within(dialog).getByLabelText('Buffer after each visit'), '300');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Buffer after must be between 0 and 240')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('names an override out of range and sends nothing', async () => {
    const onSubmit = vi.fn();
    const { user } = renderApp(<ServiceFormDialog open service={makeService()} busy={false} onOpenChange={() => {}} onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Service' });
    await user.click(within(dialog).getByRole('button', { name: 'More options' }));
    await user.type(within(dialog).getByLabelText('Book at most (days ahead)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Maximum advance must be between 1 and 730')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("a new service's dialog shows what a new owner needs and folds the policies under More options", async () => {
    const onSubmit = vi.fn();
    const { user } = renderApp(<ServiceFormDialog open service={null} busy={false} onOpenChange={() => {}} onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Service' });
    for (const label of ['Service name', 'Description (optional)', 'Duration (minutes)', 'Price ($)']) expect(within(dialog).getByLabelText(label)).toBeVisible();
    const more = within(dialog).getByRole('button', { name: 'More options' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).queryByLabelText('Minimum notice')).not.toBeVisible();
    await user.click(more);
    expect(within(dialog).getByLabelText('Minimum notice')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Service name'), 'Deep clean');
    await user.type(within(dialog).getByLabelText('Price ($)'), '80');
    await user.type(within(dialog).getByLabelText('Rescheduling until (before the start)'), '2');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Rescheduling until (before the start) unit' }), 'hours');
    await user.click(within(dialog).getByRole('button', { name: 'Create Service' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].policies).toMatchObject({ rescheduleCutoffMinutes: 120, minNoticeMinutes: null });
  });
});

describe('a service in the Services tab', () => {
  it('says which policies it sets itself, in words and fitting units; one following the business says nothing', async () => {
    const { ServiceOverrides } = await import('./service-overrides');
    const own = renderApp(<ServiceOverrides service={makeService({ policies: { cancelCutoffMinutes: 2880, bufferAfterMinutes: 10, minNoticeMinutes: 60, maxActivePerCustomer: 1 } })} />);
    const list = await screen.findByTestId('service-overrides');
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Minimum notice 1 hour', 'Free cancellation until 2 days before', '1 upcoming booking per customer', 'Buffer after 10 minutes',
    ]);
    own.unmount();
    renderApp(<ServiceOverrides service={makeService()} />);
    expect(screen.queryByTestId('service-overrides')).toBeNull();
  });
});

describe('the payment policy of a service (DESIGN section 11)', () => {
  it('sends a deposit in cents, and the amounts of other policies as null', async () => {
    const onSubmit = vi.fn();
    const { user } = renderApp(<ServiceFormDialog open service={makeService()} busy={false} onOpenChange={() => {}} onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Service' });
    await user.click(within(dialog).getByRole('button', { name: 'More options' }));
    await user.selectOptions(within(dialog).getByLabelText('Payment policy'), 'deposit');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('A deposit policy needs depositCents (at least 50)')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Deposit ($)'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const sent = onSubmit.mock.calls[0][0];
    expect(sent.policies).toMatchObject({ paymentPolicy: 'deposit', depositCents: 2000, noShowFeeCents: null, lateCancelFeeCents: null });
    expect(serviceInputSchema.safeParse(sent).success).toBe(true);
  });

  it('says a card-on-file policy in the service list', async () => {
    const { ServiceOverrides } = await import('./service-overrides');
    renderApp(<ServiceOverrides service={makeService({ policies: { paymentPolicy: 'card_on_file', noShowFeeCents: 1500, lateCancelFeeCents: 1000 } })} />);
    expect(await screen.findByText('Card on file: no-show fee $15.00, late-cancel fee $10.00')).toBeInTheDocument();
  });
});
