import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/test-app.js';
import { book, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { type LiveClient, listeningTestApp } from '../live/live-test-support.js';

// The owner's view of a day's waitlist follows it live: each join, hold, claim and leave tells the
// business's owner, on every open tab, which day changed (waitlist_changed); nobody else hears of it.

const live = listeningTestApp();
const connect = live.connect;

describe('waitlist_changed', () => {
  it('tells the owner of each join, hold, claim and leave on that day; another owner and the waiter hear nothing of it', async () => {
    const shop = await serviceBusiness(live.ctx.app);
    const other = await serviceBusiness(live.ctx.app);
    const date = upcomingWeekday(2);
    const [a, b] = [await signUp(live.ctx.app), await signUp(live.ctx.app)];
    const first = (await book(a, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00' })).json().id as number;
    expect((await book(b, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:30' })).statusCode).toBe(201);
    const [w1, w2] = [await signUp(live.ctx.app), await signUp(live.ctx.app)];
    const [ownerTab, ownerOtherTab, otherOwnerTab, waiterTab] = await Promise.all([connect(shop.owner), connect(shop.owner), connect(other.owner), connect(w1)]);
    const told = { type: 'waitlist_changed', businessId: shop.businessId, date };
    const changes = (tab: LiveClient) => tab.messages.filter((m) => m.type === 'waitlist_changed').length;
    /** The next waitlist_changed each owner tab receives after the `seen` it had. */
    const expectTold = async (seen: number) => {
      for (const tab of [ownerTab, ownerOtherTab]) {
        await expect.poll(() => changes(tab), { timeout: 5_000 }).toBeGreaterThan(seen);
        expect(tab.messages.filter((m) => m.type === 'waitlist_changed').at(-1)).toEqual(told);
      }
      return changes(ownerTab);
    };

    const window = { businessId: shop.businessId, serviceId: shop.serviceId, date, fromTime: '09:00', toTime: '10:00' };
    const e1 = (await w1.post('/api/waitlist', window)).json().id as number;
    let seen = await expectTold(0);
    const e2 = (await w2.post('/api/waitlist', window)).json().id as number;
    seen = await expectTold(seen);
    // A cancel frees 09:00: the follow job holds it for w1 and says so.
    expect((await a.patch(`/api/appointments/${first}`, { status: 'cancelled' })).statusCode).toBe(200);
    seen = await expectTold(seen);
    expect((await w1.post(`/api/waitlist/${e1}/claim`)).statusCode).toBe(200);
    seen = await expectTold(seen);
    expect((await w2.delete(`/api/waitlist/${e2}`)).statusCode).toBe(204);
    await expectTold(seen);

    expect(changes(otherOwnerTab)).toBe(0);
    expect(changes(waiterTab)).toBe(0);
  });
});
