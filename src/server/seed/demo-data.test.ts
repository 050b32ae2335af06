import { sql, type SQL } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, testConfig, type TestContext } from '../test/test-app.js';
import { todayIn } from '../time/business-time.js';
import { seedDemoData } from './demo-data.js';
import { priyaDayOff } from './demo-staff.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('demo data', () => {
  it('loads businesses, services and the login screen accounts once, on an empty database only', async () => {
    expect(await seedDemoData(ctx.database.db, testConfig())).toBe(true);
    expect(await seedDemoData(ctx.database.db, testConfig())).toBe(false);
    const client = new TestClient(ctx.app);
    const services = (await client.get('/api/businesses?type=service')).json() as { id: number; category: string }[];
    const restaurants = (await client.get('/api/businesses?type=restaurant')).json();
    expect(services.length).toBeGreaterThanOrEqual(4);
    // One business per category, but for the three-barber shop beside the one-barber one.
    expect(new Set(services.map((b) => b.category)).size).toBe(services.length - 1);
    expect(restaurants).toHaveLength(3);
    for (const b of services) {
      const list = (await client.get(`/api/businesses/${b.id}/services`)).json();
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.length).toBeLessThanOrEqual(4);
    }
    for (const [username, userType] of [['alice', 'customer'], ['bob', 'customer'], ['owner', 'business']]) {
      const res = await new TestClient(ctx.app).post('/api/login', { username, password: 'password123' });
      expect(res.statusCode).toBe(200);
      expect(res.json().userType).toBe(userType);
    }
    const owner = await new TestClient(ctx.app).post('/api/login', { username: 'owner', password: 'password123' });
    expect(owner.json().businessId).toEqual(expect.any(Number));
  });
});

describe('the demo three-barber shop', () => {
  const rows = async <T>(query: SQL) => ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  type Shop = { id: number; timeZone: string; services: Record<string, number>; staff: Record<string, number> };
  let shop: Shop;
  beforeAll(async () => {
    await seedDemoData(ctx.database.db, testConfig());
    const client = new TestClient(ctx.app);
    const found = ((await client.get('/api/businesses?type=service')).json() as { id: number; businessName: string }[]).find((b) => b.businessName === 'Sharp & Co Barbers');
    expect(found).toBeDefined();
    const business = (await client.get(`/api/businesses/${found!.id}`)).json() as { id: number; timeZone: string };
    const services = (await client.get(`/api/businesses/${found!.id}/services`)).json() as { id: number; name: string }[];
    const staff = await rows<{ id: number; name: string }>(sql`select id, name from staff_members where business_id = ${found!.id} and active order by position`);
    shop = { id: business.id, timeZone: business.timeZone, services: Object.fromEntries(services.map((s) => [s.name, s.id])), staff: Object.fromEntries(staff.map((m) => [m.name, m.id])) };
  });
  /** The next local date after today that falls on `isoWeekday` (1 Monday … 7 Sunday). */
  const next = (isoWeekday: number) => {
    const today = Temporal.PlainDate.from(todayIn(shop.timeZone));
    return today.add({ days: ((isoWeekday - today.dayOfWeek + 6) % 7) + 1 }).toString();
  };
  const slots = async (date: string, service: string, staff: string | null) => {
    const [day] = await rows<{ closed: string | null; slots: string[]; slot_staff: number[][] | null }>(
      sql`select closed, slots, slot_staff from que_day_slots_within(${shop.id}::int, ${date}::date, ${shop.services[service]}::int, null, null, 30, null, true, null, null, ${staff === null ? null : shop.staff[staff]}::int, true)`,
    );
    return day;
  };
  const halfHours = (from: string, to: string) => {
    const out: string[] = [];
    for (let t = Number(from.slice(0, 2)) * 60 + Number(from.slice(3)); t < Number(to.slice(0, 2)) * 60 + Number(to.slice(3)); t += 30) {
      out.push(`${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`);
    }
    return out;
  };

  it('has three members, Marco first: the business-named member became Marco', async () => {
    expect(Object.keys(shop.staff)).toEqual(['Marco', 'Sam', 'Priya']);
    expect(Object.keys(shop.services).sort()).toEqual(['Beard trim', 'Cut & beard', 'Haircut']);
  });

  it("gives Marco a lunch break: a weekday's haircuts skip 12:00-13:00", async () => {
    const monday = await slots(next(1), 'Haircut', 'Marco');
    expect(monday.slots).toEqual([...halfHours('09:00', '12:00'), ...halfHours('13:00', '17:00')]);
    expect((await slots(next(6), 'Haircut', 'Marco')).slots).toEqual([]);
  });

  it('has Sam on haircuts only, Tuesday to Saturday 10:00-18:00', async () => {
    expect((await slots(next(2), 'Haircut', 'Sam')).slots).toEqual(halfHours('10:00', '18:00'));
    expect((await slots(next(6), 'Haircut', 'Sam')).slots).toEqual(halfHours('10:00', '18:00'));
    expect((await slots(next(1), 'Haircut', 'Sam')).slots).toEqual([]);
    expect((await slots(next(2), 'Beard trim', 'Sam')).slots).toEqual([]);
  });

  it('has Priya on the shop hours with a day off next week, and "anyone" covers the lunch hour', async () => {
    const dayOff = priyaDayOff(shop.timeZone);
    expect(Temporal.PlainDate.from(dayOff).dayOfWeek).toBe(3);
    const [timeOff] = await rows<{ start_date: string; end_date: string }>(
      sql`select start_date::text, end_date::text from staff_time_off where staff_id = ${shop.staff.Priya}`,
    );
    expect(timeOff).toEqual({ start_date: dayOff, end_date: dayOff });
    expect((await slots(dayOff, 'Beard trim', 'Priya')).slots).toEqual([]);
    const monday = next(1);
    expect((await slots(monday, 'Haircut', 'Priya')).slots).toEqual(halfHours('09:00', '18:00'));
    // Anyone on a Monday: Marco and Priya in the morning, Priya alone over Marco's lunch.
    const anyone = await slots(monday, 'Haircut', null);
    expect(anyone.slots).toEqual(halfHours('09:00', '18:00'));
    expect(anyone.slot_staff![anyone.slots.indexOf('09:00')]).toEqual([shop.staff.Marco, shop.staff.Priya]);
    expect(anyone.slot_staff![anyone.slots.indexOf('12:00')]).toEqual([shop.staff.Priya]);
    // On her day off, a Wednesday, no one trims beards over Marco's lunch (Sam gives haircuts only).
    const trims = (await slots(dayOff, 'Beard trim', null)).slots;
    expect(trims).toContain('11:45');
    expect(trims.filter((t) => t >= '12:00' && t < '13:00')).toEqual([]);
    expect(trims).toContain('13:00');
  });
});
