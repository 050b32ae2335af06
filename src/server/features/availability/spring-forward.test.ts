import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../test/test-app.js';
import { book, restaurant } from '../appointments/test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// 2027-03-14 is a Sunday: in New York the clocks go from 01:59 straight to 03:00.
const SPRING_FORWARD = '2027-03-14';

describe('a day the clocks spring forward (America/New_York)', () => {
  it('offers no start time inside the skipped hour and refuses to book one, while the hours around it stay bookable', async () => {
    const dining = await restaurant(ctx.app);
    const night = await dining.owner.post('/api/restaurant-time-slots', {
      businessId: dining.businessId, dayOfWeek: 0, startTime: '01:00', endTime: '04:00', intervalMinutes: 30, isActive: true,
    });
    expect(night.statusCode, night.body).toBe(201);
    const slots = (await ctx.app.inject({ method: 'GET', url: `/api/available-slots?businessId=${dining.businessId}&date=${SPRING_FORWARD}&partySize=2` })).json() as string[];
    expect(slots.slice(0, 4)).toEqual(['01:00', '01:30', '03:00', '03:30']);
    expect(slots).not.toContain('02:00');
    expect(slots).not.toContain('02:30');
    // The week before has no gap: 02:00 and 02:30 are offered there.
    const weekBefore = (await ctx.app.inject({ method: 'GET', url: `/api/available-slots?businessId=${dining.businessId}&date=2027-03-07&partySize=2` })).json() as string[];
    expect(weekBefore.slice(0, 6)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);

    const guest = await signUp(ctx.app);
    const inGap = await book(guest, { businessId: dining.businessId, serviceId: dining.serviceId, date: SPRING_FORWARD, time: '02:30', partySize: 2 });
    expect(inGap.statusCode).toBe(409);
    expect(inGap.json().code).toBe('SLOT_TAKEN');
    const afterGap = await book(guest, { businessId: dining.businessId, serviceId: dining.serviceId, date: SPRING_FORWARD, time: '03:00', partySize: 2 });
    expect(afterGap.statusCode, afterGap.body).toBe(201);
  });
});
