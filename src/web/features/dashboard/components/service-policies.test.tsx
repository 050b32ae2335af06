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
    expect(within(dialog).getByLabelText('Minimum notice (minutes)')).toHaveValue(60);
    expect(within(dialog).getByLabelText('Free cancellation until (minutes before)')).toHaveValue(null);
    expect(within(dialog).getByLabelText('Swap offers close (minutes before)')).toHaveValue(30);
    await user.clear(within(dialog).getByLabelText('Minimum notice (minutes)'));
    await user.type(within(dialog).getByLabelText('Free cancellation until (minutes before)'), '1440');
    await user.type(within(dialog).getByLabelText('Upcoming bookings per customer'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const sent = onSubmit.mock.calls[0][0];
    expect(sent.policies).toEqual({
      minNoticeMinutes: null, maxAdvanceDays: null, slotIntervalMinutes: null, cancelCutoffMinutes: 1440, rescheduleCutoffMinutes: null,
      maxActivePerCustomer: 2, swapCutoffMinutes: 30, bufferBeforeMinutes: null, bufferAfterMinutes: null,
    });
    expect(serviceInputSchema.safeParse(sent).success).toBe(true);
  });

  it('shows the buffers as set and sends both, empty as null (none), in a body the server accepts', async () => {
    const onSubmit = vi.fn();
    const service = makeService({ policies: { bufferAfterMinutes: 15 } });
    const { user } = renderApp(<ServiceFormDialog open service={service} busy={false} onOpenChange={() => {}} onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Service' });
    expect(within(dialog).getByLabelText('Buffer after each visit (minutes)')).toHaveValue(15);
    expect(within(dialog).getByLabelText('Buffer before each visit (minutes)')).toHaveValue(null);
    await user.type(within(dialog).getByLabelText('Buffer before each visit (minutes)'), '10');
    await user.clear(within(dialog).getByLabelText('Buffer after each visit (minutes)'));
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
    await user.type(within(dialog).getByLabelText('Buffer after each visit (minutes)'), '300');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Buffer after must be between 0 and 240')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('names an override out of range and sends nothing', async () => {
    const onSubmit = vi.fn();
    const { user } = renderApp(<ServiceFormDialog open service={makeService()} busy={false} onOpenChange={() => {}} onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Service' });
    await user.type(within(dialog).getByLabelText('Book at most (days ahead)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Maximum advance must be between 1 and 730')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
