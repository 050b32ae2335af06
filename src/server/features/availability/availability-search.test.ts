import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarliestAppointment } from '../../../contract/appointments.js';
import { addDays } from '../../../contract/time.js';
import { nextLink } from '../../test/history-world.js';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app.js';
import { addRestaurant, addService, type Listed, newYork, testMonday } from '../businesses/test-fixtures.js';
import { earliestPageJson } from './earliest-page.js';
import { book } from './test-fixtures.js';

// Availability search (issue 27, DESIGN section 10): GET /api/earliest-appointments with a date, a
// time and a party size lists every business free at or after that time that day, over all its free
// starts (not only its soonest, which for a restaurant open from 17:00 is 17:00), each with `times`:
// up to five of those starts, the nearest to the time first, bookable for the party.

let ctx: TestContext;
let anyone: TestClient;
const monday = testMonday();
const tuesday = addDays(monday, 1);
const tables: Listed[] = [];
const clinics: Listed[] = [];
let lateFull: Listed;
let busyClinic: Listed;

beforeAll(async () => {
  ctx = await createTestApp({ EARLIEST_REFRESH: false, OFFER_SWEEPS: false, PAYMENT_WORKER: false });
  anyone = new TestClient(ctx.app);
  // Open 17:00-23:00 every day: each one's soonest free start is today at 17:00.
  for (let i = 0; i < 4; i++) tables.push(await addRestaurant(ctx.app, ctx.database, { businessName: `Supper ${i}`, seatingCapacity: 10, maxPartySize: 8 }));
  // Free at 17:00, full from 18:00 to closing on both days (hour-long tables: 17:00 ends as 18:00 starts).
  lateFull = await addRestaurant(ctx.app, ctx.database, { businessName: 'Early Bird', seatingCapacity: 4, maxPartySize: 4, reservationDuration: 60 });
  for (const date of [monday, tuesday]) await book(ctx.database.db, { businessId: lateFull.id, serviceId: lateFull.serviceId, date, time: '18:00', duration: 300, partySize: 4, exclusive: false });
  // Mon-Fri 09:00-17:00; one is booked from 15:00 to closing on both days.
  for (let i = 0; i < 3; i++) clinics.push(await addService(ctx.app, { businessName: `Clinic ${i}` }));
  busyClinic = clinics[2];
  for (const date of [monday, tuesday]) await book(ctx.database.db, { businessId: busyClinic.id, serviceId: busyClinic.serviceId, date, time: '15:00', duration: 120 });
  ctx.clock.set(newYork(monday, '10:00'));
}, 120_000);
afterAll(() => ctx.close());

const list = async (query: string): Promise<EarliestAppointment[]> => {
  const res = await anyone.get(`/api/earliest-appointments?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Every page of a query, by its Link headers. */
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

/** The business's own slot list that day (GET /api/available-slots): what a booking would be offered. */
async function slotsFrom(item: EarliestAppointment, date: string, from: string, partySize?: number): Promise<string[]> {
  const party = partySize ? `&partySize=${partySize}` : '';
  const res = await anyone.get(`/api/available-slots?businessId=${item.business.id}&serviceId=${item.service.id}&date=${date}${party}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as string[]).filter((t) => t >= from).slice(0, 5);
}

const ids = (items: (EarliestAppointment | Listed)[]) => items.map((i) => ('business' in i ? i.business.id : i.id)).sort((a, b) => a - b);

describe('availability search: a date, a time and a party size', () => {
  for (const [day, label] of [[monday, 'today (the stored starts)'], [tuesday, 'another day (the slot rules)']] as const) {
    it(`18:00 for 2 lists every restaurant free then, not only those whose soonest start is 18:00 or later: ${label}`, async () => {
      const found = await list(`date=${day}&time=18:00&partySize=2`);
      expect(ids(found)).toEqual(ids(tables));
      for (const item of found) {
        expect(item.date).toBe(day);
        expect(item.times).toEqual(await slotsFrom(item, day, '18:00', 2));
        expect(item.times).toEqual(['18:00', '18:30', '19:00', '19:30', '20:00']);
        expect(item.time).toBe(item.times![0]);
      }
      // the one full from 18:00 is there at 17:00, with only its 17:00 table
      const early = (await list(`date=${day}&time=17:00&partySize=2`)).find((i) => i.business.id === lateFull.id);
      expect(early).toMatchObject({ date: day, time: '17:00', times: ['17:00'] });
      // without a party too (a party of one)
      expect(ids(await list(`date=${day}&time=18:00`))).toEqual(ids(tables));
    });

    it(`service businesses too, each with its free starts at or after the time: ${label}`, async () => {
      const found = await list(`date=${day}&time=15:00&type=service`);
      expect(ids(found)).toEqual(ids(clinics.filter((c) => c !== busyClinic)));
      for (const item of found) {
        expect(item.times).toEqual(['15:00', '15:30', '16:00', '16:30']);
        expect(item.times).toEqual(await slotsFrom(item, day, '15:00'));
      }
      // the busy clinic is free earlier that day
      expect(ids(await list(`date=${day}&time=11:00&type=service`))).toEqual(ids(clinics));
    });
  }

  it('a date beyond the stored week is searched by the slot rules too: quick booking is not limited to a week', async () => {
    // ten days ahead: no stored row is on that day (the stored week ends before it), so every listed
    // row is looked up; the early bird's evenings are free then (its bookings are Monday's and Tuesday's)
    const day = addDays(monday, 10);
    const tablesThen = await list(`date=${day}&time=18:00&partySize=2`);
    expect(ids(tablesThen)).toEqual(ids([...tables, lateFull]));
    for (const item of tablesThen) {
      expect(item.date).toBe(day);
      expect(item.times).toEqual(await slotsFrom(item, day, '18:00', 2));
      expect(item.times).toHaveLength(5);
    }
    const clinicsThen = await list(`date=${day}&time=15:00&type=service`);
    expect(ids(clinicsThen)).toEqual(ids(clinics));
    for (const item of clinicsThen) expect(item.times).toEqual(await slotsFrom(item, day, '15:00'));
  });

  it('a party the free seats cannot hold is left out; the times are bookable for the party', async () => {
    // a table for 2 taken at 18:00 at one restaurant of 10 seats: 8 still fit, 9 do not (max party 8 anyway)
    await book(ctx.database.db, { businessId: tables[0].id, serviceId: tables[0].serviceId, date: tuesday, time: '18:00', duration: 120, partySize: 6, exclusive: false });
    const forFive = await list(`date=${tuesday}&time=18:00&partySize=5`);
    const first = forFive.find((i) => i.business.id === tables[0].id)!;
    expect(first.times).toEqual(await slotsFrom(first, tuesday, '18:00', 5));
    expect(first.times).not.toContain('18:00');
    expect(first.times![0] > '18:00').toBe(true);
    expect(ids(forFive)).toEqual(ids(tables));
  });

  it('paging through every page finds each business exactly once, in the cursor’s order', async () => {
    const whole = await list(`date=${tuesday}&time=16:00&limit=100`);
    // four restaurants and the two clinics free at 16:00 (Early Bird at 16:00? it opens at 17:00: yes, 17:00 is after 16:00)
    expect(ids(whole)).toEqual(ids([...tables, lateFull, clinics[0], clinics[1]]));
    for (const size of [1, 2, 3]) {
      const seen = await allPages(`date=${tuesday}&time=16:00&limit=${size}`);
      expect(seen.map((i) => `${i.business.id}/${i.service.id}`)).toEqual(whole.map((i) => `${i.business.id}/${i.service.id}`));
    }
  });

  it('a time alone is each business’s today; the plain list carries its soonest day’s first starts', async () => {
    expect(ids(await list('time=18:00'))).toEqual(ids(tables));
    const plain = await list('limit=100');
    const clinic = plain.find((i) => i.business.id === clinics[0].id)!;
    expect(clinic).toMatchObject({ date: monday, time: '10:30', times: ['10:30', '11:00', '11:30', '12:00', '12:30'] });
  });

  it('a page that looked at its most rows without filling up ends early, and its Link goes on after them', async () => {
    const query = { date: tuesday, time: '18:00', partySize: 2, limit: 24 };
    const whole: EarliestAppointment[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      // two rows looked at a page (the rule is RULES.availabilitySearchScanPerPage)
      const page = await earliestPageJson(ctx.database.db, { ...query, cursor }, ctx.clock.now(), 14, 2);
      const items = JSON.parse(page.json) as EarliestAppointment[];
      expect(items.length).toBeLessThanOrEqual(2);
      whole.push(...items);
      cursor = page.next ?? undefined;
      pages++;
    } while (cursor && pages < 20);
    expect(pages).toBeGreaterThan(2);
    expect(whole.map((i) => i.business.id)).toEqual((await list(`date=${tuesday}&time=18:00&partySize=2`)).map((i) => i.business.id));
  });

  it('a cursor from other filters is refused with a 400', async () => {
    const link = (await anyone.get(`/api/earliest-appointments?date=${tuesday}&time=18:00&partySize=2&limit=1`)).headers.link;
    const cursor = new URL(nextLink(link)!, 'http://x').searchParams.get('cursor')!;
    const res = await anyone.get(`/api/earliest-appointments?date=${tuesday}&time=19:00&partySize=2&cursor=${cursor}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('cursor belongs to other filters');
  });
});
