import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarliestAppointment } from '../../../contract/appointments.js';
import { addDays } from '../../../contract/time.js';
import { nextLink } from '../../test/history-world.js';
import { createTestApp, queryRows, TestClient, type TestContext } from '../../test/test-app.js';
import { addRestaurant, addService, type Listed, newYork, testMonday } from '../businesses/test-fixtures.js';
import { earliestPageJson } from './earliest-page.js';
import { book } from './test-fixtures.js';

// Availability search on a later date (issue 27; decision 0024, addendum "a later date"): the stored
// free times (earliest_free_starts) cover the coming week only, so a service fully booked this week has
// no stored start; searched on a date two weeks ahead, where it is free, it must still be listed.

let ctx: TestContext;
let anyone: TestClient;
const monday = testMonday();
const later = addDays(monday, 14);
let open: Listed;
let fullThisWeek: Listed;
let fullTable: Listed;

beforeAll(async () => {
  ctx = await createTestApp({ EARLIEST_REFRESH: false, OFFER_SWEEPS: false, PAYMENT_WORKER: false });
  anyone = new TestClient(ctx.app);
  open = await addService(ctx.app, { businessName: 'Open Clinic' });
  fullThisWeek = await addService(ctx.app, { businessName: 'Busy Clinic' });
  // Mon-Fri 09:00-17:00: every open day of the coming week booked from opening to closing
  for (let d = 0; d < 5; d++) await book(ctx.database.db, { businessId: fullThisWeek.id, serviceId: fullThisWeek.serviceId, date: addDays(monday, d), time: '09:00', duration: 480 });
  // A restaurant (17:00-23:00 every day, one table of 4) full every evening of the week.
  fullTable = await addRestaurant(ctx.app, ctx.database, { businessName: 'Full House', seatingCapacity: 4, maxPartySize: 4, reservationDuration: 60 });
  for (let d = 0; d < 7; d++) await book(ctx.database.db, { businessId: fullTable.id, serviceId: fullTable.serviceId, date: addDays(monday, d), time: '17:00', duration: 360, partySize: 4, exclusive: false });
  ctx.clock.set(newYork(monday, '10:00'));
}, 120_000);
afterAll(() => ctx.close());

const list = async (query: string): Promise<EarliestAppointment[]> => {
  const res = await anyone.get(`/api/earliest-appointments?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

async function allPages(query: string): Promise<EarliestAppointment[]> {
  const seen: EarliestAppointment[] = [];
  for (let url: string | null = `/api/earliest-appointments?${query}`; url; ) {
    const res = await anyone.get(url);
    expect(res.statusCode, res.body).toBe(200);
    seen.push(...res.json());
    url = nextLink(res.headers.link);
    expect(seen.length, 'pages never end').toBeLessThan(100);
  }
  return seen;
}

const ids = (items: EarliestAppointment[]) => items.map((i) => i.business.id).sort((a, b) => a - b);

describe('availability search on a date past the stored week', () => {
  it('has nothing stored for the services full this week (the premise)', async () => {
    await list('limit=100');
    const rows = await queryRows<{ service_id: number; day: string | null }>(ctx.database, `select service_id, day from earliest_free_starts where service_id in (${fullThisWeek.serviceId}, ${fullTable.serviceId})`);
    expect(rows.map((r) => r.day)).toEqual([null, null]);
    expect((await list('limit=100')).map((i) => i.business.id)).toEqual([open.id]);
  });

  it('lists a service full this week on a date two weeks ahead where it is free, with its times nearest the time asked', async () => {
    const found = await list(`date=${later}&time=10:00&type=service`);
    expect(ids(found)).toEqual([open.id, fullThisWeek.id].sort((a, b) => a - b));
    const busy = found.find((i) => i.business.id === fullThisWeek.id)!;
    expect(busy).toMatchObject({ date: later, time: '10:00', times: ['10:00', '10:30', '11:00', '11:30', '12:00'] });
    expect(busy.business.businessName).toBe('Busy Clinic');
    expect(busy.service).toMatchObject({ id: fullThisWeek.serviceId, serviceName: 'Checkup', duration: 30, price: '40.00' });
    // the same business's own slot list that day
    const slots = await anyone.get(`/api/available-slots?businessId=${fullThisWeek.id}&serviceId=${fullThisWeek.serviceId}&date=${later}`);
    expect((slots.json() as string[]).filter((t) => t >= '10:00').slice(0, 5)).toEqual(busy.times);
  });

  it('a restaurant full every evening this week is found for 18:00 for 2 two weeks ahead', async () => {
    const found = await list(`date=${later}&time=18:00&partySize=2`);
    expect(ids(found)).toEqual([fullTable.id]);
    expect(found[0]).toMatchObject({ date: later, time: '18:00', times: ['18:00', '18:30', '19:00', '19:30', '20:00'] });
  });

  it('inside the stored week a service full all week is not listed (nothing computed for it)', async () => {
    expect(ids(await list(`date=${addDays(monday, 2)}&time=10:00`))).toEqual([open.id]);
  });

  it('pages through both parts exactly once, also when each page may look at one row', async () => {
    const whole = await list(`date=${later}&time=10:00&limit=100`);
    expect(ids(whole)).toEqual([open.id, fullThisWeek.id, fullTable.id].sort((a, b) => a - b));
    // the services with a stored start first (their order), then those with none
    expect(whole[0].business.id).toBe(open.id);
    for (const size of [1, 2]) {
      const seen = await allPages(`date=${later}&time=10:00&limit=${size}`);
      expect(seen.map((i) => i.service.id)).toEqual(whole.map((i) => i.service.id));
    }
    const scanned: EarliestAppointment[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const page = await earliestPageJson(ctx.database.db, { date: later, time: '10:00', limit: 24, cursor }, ctx.clock.now(), 365, 1);
      scanned.push(...(JSON.parse(page.json) as EarliestAppointment[]));
      if (!page.next) break;
      cursor = page.next;
    }
    expect(scanned.map((i) => i.service.id)).toEqual(whole.map((i) => i.service.id));
  });
});
