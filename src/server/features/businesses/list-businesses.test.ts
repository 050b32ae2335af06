import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Business } from '../../../contract/businesses.js';
import { addDays } from '../../../contract/time.js';
import { nextLink } from '../../test/history-world.js';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app.js';
import { listBusinesses } from './list-businesses.js';
import { addRestaurant, addService, type Listed, newYork, rate, testMonday } from './test-fixtures.js';

// GET /api/businesses (DESIGN section 10, decision 0024) through the real app: keyset pages in every
// sort, each filter, search with typos and accents, distance, free days, open now, next free times.

let ctx: TestContext;
let anyone: TestClient;
const monday = testMonday();
const all: Listed[] = [];
let dentist: Listed;
let cafe: Listed;

// Times Square, and places around it (km from it, roughly): 0, 1.4, 5, 14, 110 (Philadelphia is 130)
const TIMES_SQUARE = '40.758,-73.9855';
const places = [
  { latitude: 40.758, longitude: -73.9855 },
  { latitude: 40.7484, longitude: -73.9857 },
  { latitude: 40.7128, longitude: -74.006 },
  { latitude: 40.6413, longitude: -73.7781 },
  { latitude: 39.9526, longitude: -75.1652 },
];

beforeAll(async () => {
  ctx = await createTestApp({ EARLIEST_REFRESH: false, OFFER_SWEEPS: false, PAYMENT_WORKER: false });
  anyone = new TestClient(ctx.app);
  dentist = await addService(ctx.app, { businessName: 'Bright Smile Dentist', description: 'Family dental care', ...places[1] });
  cafe = await addService(ctx.app, { businessName: 'Café Lumière', category: 'Other', description: 'Coffee and cake', ...places[2] });
  all.push(dentist, cafe);
  for (let i = 0; i < 8; i++) {
    all.push(await addService(ctx.app, { businessName: `Studio ${String.fromCharCode(65 + (i * 5) % 8)}${i}`, category: i % 2 ? 'Fitness' : 'Beauty & Wellness', ...(i < 3 ? places[[0, 3, 4][i]] : {}) }));
  }
  all.push(await addRestaurant(ctx.app, ctx.database, { businessName: 'Trattoria Roma', maxPartySize: 12, priceRange: '$$$' }));
  all.push(await addRestaurant(ctx.app, ctx.database, { businessName: 'Sushi Ko', cuisineType: 'Japanese', maxPartySize: 4, priceRange: '$' }));
  all.push(await addRestaurant(ctx.app, ctx.database, { businessName: 'Taco Sol', cuisineType: 'Mexican', maxPartySize: 6, priceRange: '$$' }));
  // ties on purpose: two at 4.5 from 2 reviews, one at 4.5 from 10, the rest "New"
  await rate(ctx.database, all[2].id, 2, 9);
  await rate(ctx.database, all[3].id, 2, 9);
  await rate(ctx.database, all[4].id, 10, 45);
  await rate(ctx.database, dentist.id, 3, 15);
  ctx.clock.set(newYork(monday, '10:00'));
}, 120_000);
afterAll(() => ctx.close());

const get = (url: string) => anyone.get(url);
const names = (items: Business[]) => items.map((b) => b.businessName);
const ids = (items: Business[]) => items.map((b) => b.id);

/** Every page from `url` on, following the Link headers; the last page has none. */
async function pages(url: string): Promise<Business[][]> {
  const out: Business[][] = [];
  for (let next: string | null = url; next; ) {
    const res = await get(next);
    expect(res.statusCode, res.body).toBe(200);
    out.push(res.json());
    next = nextLink(res.headers.link);
    expect(out.length).toBeLessThan(100);
  }
  return out;
}

describe('GET /api/businesses pages', () => {
  it.each([
    ['name', ''],
    ['rating', ''],
    ['relevance', '&q=studio'],
    ['distance', `&near=${TIMES_SQUARE}&radiusKm=500`],
    ['soonest', ''],
  ])('sort=%s reaches every business exactly once, in one order, with a Link on every page but the last', async (sort, extra) => {
    const whole = (await get(`/api/businesses?sort=${sort}${extra}&limit=100`)).json() as Business[];
    const expected = sort === 'name' || sort === 'rating' || sort === 'soonest' ? all.length : sort === 'relevance' ? 8 : 5;
    expect(whole).toHaveLength(expected);
    for (const size of [1, 2, 5]) {
      const read = await pages(`/api/businesses?sort=${sort}${extra}&limit=${size}`);
      expect(ids(read.flat())).toEqual(ids(whole));
      expect(read.slice(0, -1).every((p) => p.length === size)).toBe(true);
    }
  });

  it('orders each sort by its key: name, rating (ties: more reviews, then id), distance, soonest', async () => {
    const byName = names((await get('/api/businesses?limit=100')).json());
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byRating = (await get('/api/businesses?sort=rating&limit=5')).json() as Business[];
    expect(byRating.map((b) => [b.id, b.ratingAverage, b.ratingCount])).toEqual([
      [dentist.id, 5, 3],
      [all[4].id, 4.5, 10],
      [all[2].id, 4.5, 2],
      [all[3].id, 4.5, 2],
      [Math.min(...all.filter((b) => ![dentist, all[2], all[3], all[4]].includes(b)).map((b) => b.id)), null, 0],
    ]);
    const near = (await get(`/api/businesses?near=${TIMES_SQUARE}&sort=distance&radiusKm=500`)).json() as Business[];
    const km = near.map((b) => b.distanceKm!);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    expect(km[0]).toBe(0);
    expect(km.at(-1)).toBeGreaterThan(100);
    const soonest = (await get('/api/businesses?sort=soonest&limit=100')).json() as Business[];
    // 10:00 on a Monday: the service businesses' first start is 10:30 (a start must be after now), the restaurants' at 17:00
    expect(soonest.slice(-3).map((b) => b.businessType)).toEqual(['restaurant', 'restaurant', 'restaurant']);
    expect(soonest[0].nextFreeTimes![0]).toMatchObject({ date: monday, time: '10:30', serviceName: 'Checkup' });
  });

  it('answers the first page without a cursor and has no Link when it holds everything', async () => {
    const res = await get('/api/businesses');
    expect(res.json()).toHaveLength(all.length);
    expect(res.headers.link).toBeUndefined();
    const first = await get('/api/businesses?limit=4');
    expect(nextLink(first.headers.link)).toMatch(/^\/api\/businesses\?limit=4&cursor=/);
  });

  it('refuses a cursor from another sort or other filters, naming it', async () => {
    const cursor = new URL(nextLink((await get('/api/businesses?limit=2')).headers.link)!, 'http://x').searchParams.get('cursor')!;
    const otherSort = await get(`/api/businesses?sort=rating&cursor=${cursor}`);
    expect(otherSort.statusCode).toBe(400);
    expect(otherSort.json().message).toContain('cursor belongs to sort=name');
    const otherFilter = await get(`/api/businesses?type=service&cursor=${cursor}`);
    expect(otherFilter.statusCode).toBe(400);
    expect(otherFilter.json().message).toContain('other filters');
    expect((await get('/api/businesses?cursor=garbage')).json().message).toContain('cursor is not one this list handed out');
  });
});

describe('GET /api/businesses filters', () => {
  it('type, category, cuisine, price range and party size', async () => {
    expect(names((await get('/api/businesses?type=restaurant')).json())).toEqual(['Sushi Ko', 'Taco Sol', 'Trattoria Roma']);
    expect((await get('/api/businesses?category=Fitness')).json()).toHaveLength(4);
    expect(names((await get('/api/businesses?cuisine=Japanese')).json())).toEqual(['Sushi Ko']);
    expect(names((await get('/api/businesses?priceRange=$$$')).json())).toEqual(['Trattoria Roma']);
    expect(names((await get('/api/businesses?partySize=5')).json())).toEqual(['Taco Sol', 'Trattoria Roma']);
    expect(names((await get('/api/businesses?partySize=5&priceRange=$$')).json())).toEqual(['Taco Sol']);
  });

  it('search forgives typos and accents and ranks by similarity', async () => {
    const typo = (await get('/api/businesses?q=dentsit')).json() as Business[];
    expect(names(typo)[0]).toBe('Bright Smile Dentist');
    expect(names((await get('/api/businesses?q=cafe')).json())).toContain('Café Lumière');
    expect(names((await get('/api/businesses?q=LUMIERE')).json())).toEqual(['Café Lumière']);
    expect(names((await get('/api/businesses?q=dental%20care')).json())).toEqual(['Bright Smile Dentist']);
    expect((await get('/api/businesses?q=xylophone')).json()).toEqual([]);
    expect((await get('/api/businesses?q=%25')).json()).toEqual([]);
  });

  it('near: within the radius only (25 km unless told), each with its distance to one decimal', async () => {
    const near = (await get(`/api/businesses?near=${TIMES_SQUARE}`)).json() as Business[];
    expect(near.map((b) => b.distanceKm).sort((a, b) => a! - b!)).toEqual([0, 1.1, 5.3, 21.8].map((k) => expect.closeTo(k, 0)));
    expect(near.every((b) => b.distanceKm! <= 25)).toBe(true);
    expect((await get(`/api/businesses?near=${TIMES_SQUARE}&radiusKm=2&sort=distance`)).json().map((b: Business) => b.distanceKm)).toEqual([0, 1.1]);
    expect((await get('/api/businesses')).json().every((b: Business) => b.distanceKm === undefined)).toBe(true);
  });

  it('availableOn: from the stored earliest day, or the slot function beyond it', async () => {
    const sunday = addDays(monday, 6);
    // service businesses work Mon-Fri, restaurants every day
    expect(names((await get(`/api/businesses?availableOn=${sunday}`)).json())).toEqual(['Sushi Ko', 'Taco Sol', 'Trattoria Roma']);
    expect((await get(`/api/businesses?availableOn=${monday}`)).json()).toHaveLength(all.length);
    // Tuesday: no stored earliest is on it, so each candidate asks the slot function
    expect((await get(`/api/businesses?availableOn=${addDays(monday, 1)}&type=service`)).json()).toHaveLength(all.length - 3);
    // beyond the stored week
    expect((await get(`/api/businesses?availableOn=${addDays(monday, 13)}`)).json()).toHaveLength(3);
    expect((await get(`/api/businesses?availableOn=${addDays(monday, 1)}&sort=soonest&limit=2`)).json()).toHaveLength(2);
  });

  it('availableOn: a page looks at a bounded number of businesses; its Link goes on after them, and every page together is exact', async () => {
    const day = addDays(monday, 6);
    expect(names((await get(`/api/businesses?availableOn=${day}&limit=100`)).json())).toEqual(['Sushi Ko', 'Taco Sol', 'Trattoria Roma']);
    for (const sort of ['name', 'rating', 'soonest'] as const) {
      const whole = names((await get(`/api/businesses?availableOn=${day}&sort=${sort}&limit=100`)).json());
      // two businesses looked at a page (the rule is RULES.availabilitySearchScanPerPage): the service
      // businesses (closed on Sunday) fill pages of their own, which end empty with a Link
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      let empty = 0;
      do {
        const page = await listBusinesses(ctx.database.db, { availableOn: day, sort, limit: 24, cursor }, { now: ctx.clock.now(), horizonDays: 365, scan: 2 });
        expect(page.items.length).toBeLessThanOrEqual(2);
        if (!page.items.length) empty++;
        seen.push(...names(page.items));
        cursor = page.next ?? undefined;
        pages++;
      } while (cursor && pages < 20);
      expect(seen, sort).toEqual(whole);
      expect(whole.sort(), sort).toEqual(['Sushi Ko', 'Taco Sol', 'Trattoria Roma']);
      if (sort === 'name') {
        expect(empty).toBeGreaterThan(0);
        expect(pages).toBe(Math.ceil(all.length / 2));
      }
    }
  });

  it('openNow: hours for service businesses, time slots for restaurants, on their own clock', async () => {
    expect((await get('/api/businesses?openNow=true')).json().every((b: Business) => b.businessType === 'service')).toBe(true);
    expect((await get('/api/businesses?openNow=true')).json()).toHaveLength(all.length - 3);
    ctx.clock.set(newYork(monday, '18:00'));
    expect(names((await get('/api/businesses?openNow=true')).json())).toEqual(['Sushi Ko', 'Taco Sol', 'Trattoria Roma']);
    expect((await get('/api/businesses?openNow=false')).json()).toHaveLength(all.length);
    ctx.clock.set(newYork(monday, '10:00'));
  });

  it('each card carries up to three next free times of its soonest day, read for the page', async () => {
    const page = (await get('/api/businesses?limit=100')).json() as Business[];
    const roma = page.find((b) => b.businessName === 'Trattoria Roma')!;
    expect(roma.nextFreeTimes).toEqual(['17:00', '17:30', '18:00'].map((time) => ({ serviceId: all[10].serviceId, serviceName: 'Table reservation', date: monday, time })));
    expect(page.find((b) => b.id === dentist.id)!.nextFreeTimes!.map((t) => t.time)).toEqual(['10:30', '11:00', '11:30']);
  });

  it('refuses bad parameters with a 400 naming them', async () => {
    const cases: [string, string][] = [
      ['availableOn=2026-02-30', 'availableOn must be a date YYYY-MM-DD'],
      ['near=91,0', 'near must be "latitude,longitude"'],
      ['near=40.7', 'near must be "latitude,longitude"'],
      ['near=a,b', 'near must be "latitude,longitude"'],
      [`near=${TIMES_SQUARE}&radiusKm=501`, 'radiusKm must be more than 0 and at most 500'],
      [`near=${TIMES_SQUARE}&radiusKm=0`, 'radiusKm must be more than 0'],
      ['radiusKm=5', 'radiusKm needs near'],
      ['sort=popular', 'sort must be one of'],
      ['sort=distance', 'sort=distance needs near'],
      ['sort=relevance', 'sort=relevance needs q'],
      ['partySize=0', 'partySize must be between 1 and 20'],
      ['partySize=21', 'partySize must be between 1 and 20'],
      ['partySize=two', 'partySize must be a whole number'],
      ['openNow=yes', 'openNow must be true or false'],
      ['limit=0', 'limit must be at least 1'],
      ['limit=101', 'limit must be at most 100'],
      ['category=Astrology', 'category must be one of'],
      ['cuisine=Martian', 'cuisine must be one of'],
      ['priceRange=$$$$$', 'priceRange must be'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/businesses?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
  });
});

describe('GET /api/businesses under change', () => {
  it('pages stay whole and unduplicated when businesses arrive between pages', async () => {
    const before = ids((await get('/api/businesses?limit=100')).json());
    const first = await get('/api/businesses?limit=4');
    const added = [await addService(ctx.app, { businessName: 'AAA First' }), await addService(ctx.app, { businessName: 'Zzz Last' })];
    const rest = (await pages(nextLink(first.headers.link)!)).flat();
    const seen = [...ids(first.json()), ...ids(rest)];
    expect(new Set(seen).size).toBe(seen.length);
    // the one sorting before the cursor is not seen (it joined the part already read); the one after is
    expect(seen).toEqual([...before, added[1].id]);
    all.push(...added);
  });

  it.each([
    ['rating', ''],
    ['relevance', '&q=studio'],
    ['distance', `&near=${TIMES_SQUARE}&radiusKm=500`],
    ['soonest', ''],
  ])('sort=%s: a business arriving between pages never repeats or hides one already listed', async (sort, extra) => {
    const before = ids((await get(`/api/businesses?sort=${sort}${extra}&limit=100`)).json());
    const first = await get(`/api/businesses?sort=${sort}${extra}&limit=3`);
    // at Times Square (distance 0), a studio (matches q), unrated, free from 10:30: it sorts anywhere
    const added = await addService(ctx.app, { businessName: `Studio Late ${sort}`, ...places[0] });
    all.push(added);
    const seen = [...ids(first.json()), ...ids((await pages(nextLink(first.headers.link)!)).flat())];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => id !== added.id)).toEqual(before);
  });

  it('sets and clears a place: both or neither', async () => {
    const owner = all[5].owner;
    const url = `/api/businesses/${all[5].id}`;
    expect((await owner.patch(url, { latitude: 40.7, longitude: -74 })).json()).toMatchObject({ latitude: 40.7, longitude: -74 });
    const half = await owner.patch(url, { latitude: 40.7 });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toContain('latitude and longitude go together');
    expect((await owner.patch(url, { latitude: 95, longitude: 0 })).json().message).toContain('latitude must be between -90 and 90');
    expect((await owner.patch(url, { latitude: null, longitude: null })).json()).toMatchObject({ latitude: null, longitude: null });
  });
});
