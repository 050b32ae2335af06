import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StrandedBooking } from '@contract/stranded-bookings';
import { makeService } from '@/test/fixtures';
import { expectToast, renderApp } from '@/test/render';
import { http, HttpResponse, server } from '@/test/server';
import { ServicesTab } from './services-tab';

// Deleting a service with upcoming bookings (DESIGN section 4): the server lists them (409
// STRANDS_BOOKINGS); the owner keeps them under the archived service, cancels them, or backs out.

const booking: StrandedBooking = {
  id: 7, date: '2026-12-03', time: '14:30', serviceId: 5, serviceName: 'Deep clean', customerName: 'Sam Lee', partySize: 1, staffId: 3, staffName: 'Jo',
};

function serve() {
  const service = makeService({ id: 5, name: 'Deep clean' });
  let list = [service];
  const calls: string[] = [];
  server.use(
    http.get('/api/businesses/1/services', () => HttpResponse.json(list)),
    http.delete('/api/services/5', ({ request }) => {
      const query = new URL(request.url).search;
      calls.push(query);
      if (!query) return HttpResponse.json({ message: 'Deep clean has 1 upcoming booking', code: 'STRANDS_BOOKINGS', bookings: [booking] }, { status: 409 });
      list = [];
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

async function askToDelete() {
  const view = renderApp(<ServicesTab businessId={1} />);
  await view.user.click(await screen.findByRole('button', { name: 'Delete Deep clean' }));
  await view.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Service' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Deleting this service affects 1 upcoming booking' }) };
}

describe('deleting a service with bookings', () => {
  it('lists them, offers keep (archive) or cancel but no reassign, and archives keeping them', async () => {
    const calls = serve();
    const { user, dialog } = await askToDelete();
    expect(within(dialog).getByText('2:30 PM, Thursday, December 3')).toBeInTheDocument();
    expect(within(dialog).getByText(/Deep clean · Sam Lee · with Jo/)).toBeInTheDocument();
    expect(within(dialog).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Keep them: archive the service (off the menu; these bookings stay and can be moved)',
      'Cancel these bookings',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Archive and keep bookings' }));
    await expectToast('Service Deleted', 'Deep clean is no longer offered.');
    expect(calls).toEqual(['', '?keepBookings=true']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('backs out with the keyboard: Escape closes it and nothing else is sent', async () => {
    const calls = serve();
    const { dialog } = await askToDelete();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual(['']);
    expect(screen.getByRole('button', { name: 'Delete Deep clean' })).toBeInTheDocument();
  });
});
