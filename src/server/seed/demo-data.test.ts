import { sql, type SQL } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, TestClient, testConfig, type TestContext } from '../test/test-app.js';
import { todayIn } from '../time/business-time.js';
import { seedDemoData } from './demo-data.js';
import { demoMarket, MARKET_SIZE } from './demo-market-catalogue.js';
import { priyaDayOff } from './demo-staff.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Every item of a paged list, following its Link rel="next" (one page when the route does not page). */
async function allPages<T>(client: TestClient, first: string): Promise<{ items: T[]; pages: number[] }> {
  const items: T[] = [];
  const pages: number[] = [];
  for (let url: string | undefined = first; url; ) {
    const res = await client.get(url);
    expect(res.statusCode).toBe(200);
    const page = res.json() as T[];
    items.push(...page);
    pages.push(page.length);
    const link = res.headers.link;
    url = typeof link === 'string' ? /<([^>]+)>;\s*rel="next"/.exec(link)?.[1]?.replace(/^https?:\/\/[^/]+/, '') : undefined;
    expect(pages.length).toBeLessThan(100);
  }
  return { items, pages };
}

type Listed = { id: number; businessName: string; category: string; latitude: number | null; longitude: number | null; ratingAverage: number | null; ratingCount: number };

describe('demo data', () => {
  it('loads businesses, services and the login screen accounts once, on an empty database only', async () => {
    expect(await seedDemoData(ctx.database.db, testConfig())).toBe(true);
    expect(await seedDemoData(ctx.database.db, testConfig())).toBe(false);
    const client = new TestClient(ctx.app);
    // The hand-written businesses (the generated market's owners are market001…).
    const handWritten = new Set((await queryRows<{ id: number }>(ctx.database, `select b.id from businesses b join users u on u.id = b.owner_id where u.username not like 'market%'`)).map((r) => r.id));
    const services = (await allPages<Listed>(client, '/api/businesses?type=service')).items.filter((b) => handWritten.has(b.id));
    const restaurants = (await allPages<Listed>(client, '/api/businesses?type=restaurant')).items.filter((b) => handWritten.has(b.id));
    expect(services.length).toBeGreaterThanOrEqual(4);
    // One business per category, but for the three-barber shop beside the one-barber one.
    expect(new Set(services.map((b) => b.category)).size).toBe(services.length - 1);
    expect(restaurants.map((r) => r.businessName).sort()).toEqual(['Sakura Sushi House', 'The Green Table', 'Trattoria Bella']);
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
    // Issue 27: the owner has a name, and their first staff member takes it, not the business's.
    expect(owner.json().fullName).toBe('Dana Reyes');
    expect((await client.get(`/api/businesses/${owner.json().businessId}/staff`)).json().map((m: { name: string }) => m.name)).toEqual(['Dana Reyes']);
    // The README's `sharpco` signs in to the shop with staff and its own policies.
    const sharp = await new TestClient(ctx.app).post('/api/login', { username: 'sharpco', password: 'password123' });
    expect(sharp.statusCode).toBe(200);
    const shop = (await client.get(`/api/businesses/${sharp.json().businessId}`)).json();
    expect(shop.businessName).toBe('Sharp & Co Barbers');
    expect(shop.policies).toMatchObject({ cancelCutoffMinutes: 1440, minNoticeMinutes: 60 });
    expect((await client.get(`/api/businesses/${shop.id}/staff`)).json()).toHaveLength(3);
    const cutAndBeard = (await client.get(`/api/businesses/${shop.id}/services`)).json().find((x: { name: string }) => x.name === 'Cut & beard');
    expect(cutAndBeard.policies).toMatchObject({ cancelCutoffMinutes: 2880, bufferAfterMinutes: 10 });
    // The market's owners cannot sign in with the demo password.
    expect((await new TestClient(ctx.app).post('/api/login', { username: 'market001', password: 'password123' })).statusCode).toBe(401);
  });
});

describe('the demo market (issue 20)', () => {
  beforeAll(() => seedDemoData(ctx.database.db, testConfig()));

  it('has more businesses than a page holds, every one reachable by paging, most with a location', async () => {
    const { items, pages } = await allPages<Listed>(new TestClient(ctx.app), '/api/businesses');
    const [{ n }] = await queryRows<{ n: number }>(ctx.database, 'select count(*)::int as n from businesses');
    expect(n).toBe(9 + MARKET_SIZE);
    expect(n).toBeGreaterThan(100); // the largest page (DESIGN section 10)
    expect(new Set(items.map((b) => b.id)).size).toBe(n);
    for (const size of pages.slice(0, -1)) expect(size).toBe(pages[0]);
    const located = items.filter((b) => b.latitude !== null && b.longitude !== null);
    expect(located.length / n).toBeGreaterThan(0.8);
    const categories = new Set(items.map((b) => b.category));
    expect(categories.size).toBeGreaterThanOrEqual(10);
    expect(items.filter((b) => b.category === 'Restaurant').length).toBeGreaterThan(50);
  });

  it("gives each business the rating of its verified reviews: count, total and the average to one decimal", async () => {
    const mismatched = await queryRows(ctx.database, `select z.id, z.rating_count, z.rating_total, z.rating_average, s.n, s.total
      from businesses z left join (select business_id, count(*)::int as n, sum(rating)::int as total from reviews group by business_id) s on s.business_id = z.id
      where z.rating_count <> coalesce(s.n, 0) or z.rating_total <> coalesce(s.total, 0)
        or z.rating_average is distinct from round(s.total::numeric / nullif(s.n, 0), 1)`);
    expect(mismatched).toEqual([]);
    const [counts] = await queryRows<{ reviews: number; rated: number; unrated: number; replies: number; unverified: number; future: number }>(ctx.database, `select
      (select count(*)::int from reviews) as reviews,
      (select count(*)::int from businesses where rating_count > 0) as rated,
      (select count(*)::int from businesses where rating_count = 0) as unrated,
      (select count(*)::int from reviews where reply_text is not null) as replies,
      (select count(*)::int from reviews r join appointments a on a.id = r.appointment_id
        where a.status <> 'completed' or a.business_id <> r.business_id or a.customer_id <> r.customer_id or r.created_at < a.ends_instant) as unverified,
      (select count(*)::int from reviews where created_at > now() or replied_at > now()) as future`);
    expect(counts.reviews).toBeGreaterThan(500);
    expect(counts.rated).toBeGreaterThan(200);
    expect(counts.unrated).toBeGreaterThan(20); // "New" businesses too
    expect(counts.replies).toBeGreaterThan(10);
    expect(counts.unverified).toBe(0);
    expect(counts.future).toBe(0);
    // The listing shows the stored figures.
    const listed = (await allPages<Listed>(new TestClient(ctx.app), '/api/businesses')).items;
    const stored = new Map((await queryRows<{ id: number; avg: string | null; n: number }>(ctx.database, 'select id, rating_average::text as avg, rating_count as n from businesses')).map((r) => [r.id, r]));
    for (const b of listed) {
      expect(b.ratingCount).toBe(stored.get(b.id)!.n);
      expect(b.ratingAverage === null ? null : Number(b.ratingAverage)).toBe(stored.get(b.id)!.avg === null ? null : Number(stored.get(b.id)!.avg));
    }
  });

  // The search's own rule (word similarity 0.4 over the unaccented search text) asked of the data directly.
  it('has a dentist a typo finds and names with accents an unaccented search finds', async () => {
    const found = async (q: string) => (await queryRows<{ business_name: string }>(ctx.database,
      `select business_name from businesses where word_similarity(que_search_normal('${q}'), search_text) >= 0.4 order by business_name`)).map((r) => r.business_name);
    expect(await found('dentsit')).toContain('Lakeside Family Dentist');
    expect(await found('cafe lumiere')).toContain('Café Lumière');
    expect(await found('creperie')).toContain('Crêperie Soleil');
    // And through the directory's search.
    const client = new TestClient(ctx.app);
    const search = async (q: string) => (await allPages<Listed>(client, `/api/businesses?q=${encodeURIComponent(q)}`)).items.map((b) => b.businessName);
    expect(await search('dentsit')).toContain('Lakeside Family Dentist');
    expect(await search('cafe lumiere')).toContain('Café Lumière');
  });

  it('is the same market on every database: the generator is seeded', () => {
    expect(demoMarket()).toEqual(demoMarket());
    expect(demoMarket(21)).not.toEqual(demoMarket());
  });
});

describe('the demo three-barber shop', () => {
  const rows = async <T>(query: SQL) => ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  type Shop = { id: number; timeZone: string; services: Record<string, number>; staff: Record<string, number> };
  let shop: Shop;
  beforeAll(async () => {
    await seedDemoData(ctx.database.db, testConfig());
    const client = new TestClient(ctx.app);
    const found = (await allPages<Listed>(client, '/api/businesses?type=service')).items.find((b) => b.businessName === 'Sharp & Co Barbers');
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
