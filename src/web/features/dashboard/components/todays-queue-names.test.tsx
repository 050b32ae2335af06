import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type QueueEntry, queueEntrySchema } from '@contract/live';
import { RULES } from '@contract/rules';
import { makeUser } from '@/test/fixtures';
import { expectToast, renderApp } from '@/test/render';
import { http, HttpResponse, recorder, server, signedInAs } from '@/test/server';
import { TodaysQueueTab } from './todays-queue-tab';

// Issue 27: the owner's queue rows name the customer (the owner sees it in Appointments already),
// the member who serves them, and how late or early they are; calling someone more than
// RULES.earlyCallConfirmMinutes before their booking asks first. The clock is fixed at 10:00 AM New York.

const owner = makeUser({ id: 3, username: 'owner', userType: 'business', businessId: 1 });
const today = '2026-12-01';
const entry = (over: Partial<QueueEntry>): QueueEntry =>
  queueEntrySchema.parse({
    id: 1, customerId: 31, customerName: 'Alice Smith', businessId: 1, businessName: 'Barber Bros', serviceId: 2, serviceName: 'Classic Haircut', appointmentId: 11,
    date: today, time: '09:48', queuePosition: 1, status: 'waiting', estimatedWaitMinutes: 0, isMine: false, timeZone: 'America/New_York',
    staffId: 5, staffName: 'Dana Reyes', staffCount: 1, ...over,
  });

function tab(entries: QueueEntry[]) {
  signedInAs(owner);
  const calls = recorder<unknown>();
  const called: number[] = [];
  server.use(
    http.get('/api/queue/business/1/today', () => HttpResponse.json(entries)),
    http.post('/api/queue/:id/call', ({ params }) => {
      called.push(Number(params.id));
      return HttpResponse.json({ ...entries.find((e) => e.id === Number(params.id))!, status: 'called' });
    }),
    http.post('/api/queue/business/1/call-next', async ({ request }) => {
      await calls.take(request);
      return HttpResponse.json({ ...entries.find((e) => e.status === 'waiting')!, status: 'called' });
    }),
  );
  return { ...renderApp(<TodaysQueueTab businessId={1} today={today} />), called, calls };
}

describe("the owner's Today's queue names who is waiting", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T15:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the customer, the member and how late or early each is', async () => {
    tab([entry({}), entry({ id: 2, customerName: 'Bob Jones', time: '10:43', queuePosition: 2 }), entry({ id: 3, customerName: 'Cy', time: '12:05', queuePosition: 3 })]);
    const rows = await screen.findAllByTestId('owner-queue-entry');
    expect(rows.map((r) => within(r).getByTestId('owner-queue-customer').textContent)).toEqual(['Alice Smith', 'Bob Jones', 'Cy']);
    expect(rows[0]).toHaveTextContent('Classic Haircut · with Dana Reyes');
    expect(rows.map((r) => within(r).getByTestId('owner-queue-time').textContent)).toEqual([
      '9:48 AM · 12 min late',
      '10:43 AM · in 43 min',
      '12:05 PM · in 2 h 5 min',
    ]);
    expect(within(rows[0]).getByRole('button', { name: 'Call Alice Smith at 9:48 AM' })).toBeInTheDocument();
  });

  it('calls a late or nearly due customer at once', async () => {
    const { user, called } = tab([entry({ time: '10:15' })]);
    await user.click(await screen.findByRole('button', { name: /^Call Alice Smith/ }));
    await expectToast('Customer Called');
    expect(called).toEqual([1]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it(`asks before calling someone more than ${RULES.earlyCallConfirmMinutes} minutes early, and Wait calls nobody`, async () => {
    const { user, called } = tab([entry({ time: '10:43' })]);
    await user.click(await screen.findByRole('button', { name: /^Call Alice Smith/ }));
    const ask = await screen.findByRole('alertdialog', { name: 'Call Alice Smith early?' });
    expect(ask).toHaveTextContent('Their booking is at 10:43 AM, in 43 min.');
    await user.click(within(ask).getByRole('button', { name: 'Wait' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(called).toEqual([]);

    await user.click(screen.getByRole('button', { name: /^Call Alice Smith/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Call now' }));
    await expectToast('Customer Called');
    expect(called).toEqual([1]);
  });

  it('asks before Call next too when the next customer is early; Escape closes it', async () => {
    const { user, calls } = tab([entry({ time: '11:00' })]);
    await user.click(await screen.findByRole('button', { name: 'Call next' }));
    await screen.findByRole('alertdialog', { name: 'Call Alice Smith early?' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.bodies).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Call next' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Call now' }));
    await expectToast('Customer Called');
    expect(calls.bodies).toEqual([{}]);
  });
});
