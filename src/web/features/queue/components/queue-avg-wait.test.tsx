import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type QueueEntry, queueEntrySchema } from '@contract/live';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { http, HttpResponse, server, signedInAs } from '@/test/server';
import { QueueDashboard } from './queue-dashboard';

// Issue 27: "Avg Wait 8 h 19 min" on the customer's queue page came from a booking days ahead. The
// average is today's lines' only (on each business's clock); with nobody in a line today it says so.
// The clock is fixed at 10:00 AM New York on 2026-12-01.

const customer = makeUser({ id: 7 });
const entry = (over: Partial<QueueEntry>): QueueEntry =>
  queueEntrySchema.parse({
    id: 1, customerId: 7, customerName: null, businessId: 1, businessName: 'Barber Bros', serviceId: 2, serviceName: 'Haircut', appointmentId: 11, date: '2026-12-01', time: '10:30',
    queuePosition: 1, status: 'waiting', estimatedWaitMinutes: 30, isMine: true, timeZone: 'America/New_York', staffId: 5, staffName: 'Marco', staffCount: 1, ...over,
  });

function page(entries: QueueEntry[]) {
  signedInAs(customer);
  server.use(http.get('/api/queue/customer/7', () => HttpResponse.json(entries)));
  return renderApp(<QueueDashboard user={customer} />);
}

describe("the customer's Avg Wait", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T15:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("averages today's waits, leaving out a booking next week", async () => {
    page([entry({}), entry({ id: 2, appointmentId: 12, date: '2026-12-08', time: '09:00', estimatedWaitMinutes: 7 * 24 * 60 - 60 })]);
    expect(await screen.findByTestId('stat-Avg Wait')).toHaveTextContent('~30 min');
    expect(screen.getByTestId('stat-Active Queues')).toHaveTextContent('2');
  });

  it('says None today when the only bookings are on later days', async () => {
    page([entry({ date: '2026-12-08', estimatedWaitMinutes: 7 * 24 * 60 + 30 })]);
    expect(await screen.findByTestId('stat-Avg Wait')).toHaveTextContent('None today');
  });
});
