import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type QueueEntry, queueEntrySchema } from '@contract/live';
import { TodaysQueueTab } from '@/features/dashboard/components/todays-queue-tab';
import { inDays, makeUser } from '@/test/fixtures';
import { expectToast, renderApp } from '@/test/render';
import { http, HttpResponse, recorder, server, signedInAs } from '@/test/server';
import { QueueDashboard } from './queue-dashboard';

// DESIGN section 9: at a shop of several staff members each member serves their own line. The
// customer's dashboard says whose line they are in ("2nd in line for Marco"); a one-member shop
// keeps the plain position. The owner's Today's queue shows each member's line, each with its own
// Call next (the API's call-next with that member's staffId); the top Call next sends none.

const customer = makeUser({ id: 7 });
const entry = (over: Partial<QueueEntry>): QueueEntry =>
  queueEntrySchema.parse({
    id: 1, customerId: 7, customerName: null, businessId: 1, businessName: 'Barber Bros', serviceId: 2, serviceName: 'Haircut', appointmentId: 11, date: inDays(2), time: '10:00',
    queuePosition: 1, status: 'waiting', estimatedWaitMinutes: 90, isMine: true, timeZone: 'America/New_York', staffId: 5, staffName: 'Marco', staffCount: 3, ...over,
  });

function dashboard(entries: QueueEntry[]) {
  signedInAs(customer);
  server.use(http.get('/api/queue/customer/7', () => HttpResponse.json(entries)));
  return renderApp(<QueueDashboard user={customer} />);
}

describe("the customer's queue dashboard", () => {
  it('says whose line the customer is in at a shop of several members', async () => {
    dashboard([entry({ queuePosition: 2 })]);
    const card = await screen.findByTestId('active-queue');
    expect(within(card).getByTestId('queue-line')).toHaveTextContent('2nd in line for Marco');
    expect(within(card).getByTestId('queue-position')).toHaveTextContent('#2');
  });

  it('keeps the plain position at a one-member shop and a restaurant', async () => {
    dashboard([
      entry({ id: 1, queuePosition: 3, staffName: 'Barber Bros', staffCount: 1 }),
      entry({ id: 2, businessName: 'Bistro', queuePosition: 1, staffId: null, staffName: null, staffCount: 0 }),
    ]);
    const cards = await screen.findAllByTestId('active-queue');
    expect(cards.map((c) => within(c).getByTestId('queue-position').textContent)).toEqual(['#3', '#1']);
    expect(screen.queryByTestId('queue-line')).toBeNull();
    expect(screen.queryByText(/in line for/)).toBeNull();
  });
});

describe("the owner's Today's queue", () => {
  const owner = makeUser({ id: 3, username: 'owner', userType: 'business', businessId: 1 });
  const today = inDays(0);
  const line = [
    entry({ id: 21, customerId: 31, isMine: false, date: today, time: '09:00', staffId: 6, staffName: 'Anna', queuePosition: 1, status: 'called' }),
    entry({ id: 22, customerId: 32, isMine: false, date: today, time: '10:00', staffId: 5, staffName: 'Marco', queuePosition: 1 }),
    entry({ id: 23, customerId: 33, isMine: false, date: today, time: '10:30', staffId: 6, staffName: 'Anna', queuePosition: 2 }),
    entry({ id: 24, customerId: 34, isMine: false, date: today, time: '11:00', staffId: 5, staffName: 'Marco', queuePosition: 2 }),
  ];
  // 6:00 PM New York on that day: everyone is late, so no call asks first (RULES.earlyCallConfirmMinutes).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${today}T23:00:00Z`));
  });
  afterEach(() => vi.useRealTimers());

  function tab(initial: QueueEntry[]) {
    signedInAs(owner);
    // The server's day: a called entry stays called.
    let entries = initial;
    const sent = recorder<{ staffId?: number }>();
    server.use(
      http.get('/api/queue/business/1/today', () => HttpResponse.json(entries)),
      http.post('/api/queue/business/1/call-next', async ({ request }) => {
        const body = await sent.take(request);
        const next = entries.find((e) => e.status === 'waiting' && (body.staffId === undefined || e.staffId === body.staffId))!;
        entries = entries.map((e) => (e.id === next.id ? { ...e, status: 'called' as const } : e));
        return HttpResponse.json({ ...next, status: 'called' });
      }),
    );
    return { ...renderApp(<TodaysQueueTab businessId={1} today={today} />), sent };
  }

  it("shows each member's line and calls the next customer of the member chosen", async () => {
    const { user, sent } = tab(line);
    const lines = await screen.findAllByTestId('member-line');
    expect(lines.map((l) => within(l).getByRole('heading').textContent)).toEqual(['Marco · 2 waiting', 'Anna · 1 waiting']);
    expect(within(lines[0]).getAllByTestId('owner-queue-entry').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^1CustomerHaircut · with Marco10:00 AM/),
      expect.stringMatching(/^2CustomerHaircut · with Marco11:00 AM/),
    ]);

    await user.click(within(lines[0]).getByRole('button', { name: 'Call next for Marco' }));
    await expectToast('Customer Called', 'Marco: #1 Haircut at 10:00 AM');
    expect(sent.bodies).toEqual([{ staffId: 5 }]);

    await user.click(screen.getByRole('button', { name: 'Call next' }));
    await expectToast('Customer Called', 'Anna: #2 Haircut at 10:30 AM');
    expect(sent.bodies).toEqual([{ staffId: 5 }, {}]);
  });

  it('keeps one plain line at a one-member shop', async () => {
    tab(line.map((e) => ({ ...e, staffId: 5, staffName: 'Barber Bros', staffCount: 1 })));
    expect(await screen.findAllByTestId('owner-queue-entry')).toHaveLength(4);
    expect(screen.queryByTestId('member-line')).toBeNull();
    expect(screen.queryByRole('button', { name: /Call next for/ })).toBeNull();
  });
});
