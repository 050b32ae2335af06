import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, signUp, TestClient, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const salon = { businessName: 'Glow Salon', category: 'Beauty & Wellness', description: 'Hair and nails', address: '1 High St', phone: '(212) 555-0100', website: 'https://glow.example' };

describe('POST /api/businesses', () => {
  it('creates a service business with default weekly hours for a business user', async () => {
    const owner = await signUp(ctx.app, 'business');
    const res = await owner.post('/api/businesses', { ...salon, userId: owner.user.id });
    expect(res.statusCode).toBe(201);
    const business = res.json();
    expect(business).toMatchObject({ businessName: 'Glow Salon', businessType: 'service', category: 'Beauty & Wellness', ownerId: owner.user.id, timeZone: 'America/New_York' });
    const todayInNewYork = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/New_York' })).getDay();
    expect(business.openToday).toBe(todayInNewYork >= 1 && todayInNewYork <= 5);
    const me = await owner.get('/api/user');
    expect(me.json().businessId).toBe(business.id);
    const hours = await queryRows(ctx.database, `select day_of_week, open_time::text, close_time::text from business_hours where business_id = ${business.id} order by day_of_week`);
    expect(hours).toEqual([1, 2, 3, 4, 5].map((d) => ({ day_of_week: d, open_time: '09:00:00', close_time: '17:00:00' })));
  });

  it('answers 401 signed out, 403 for customers and other userIds, 409 for a second business', async () => {
    expect((await new TestClient(ctx.app).post('/api/businesses', salon)).statusCode).toBe(401);
    const customer = await signUp(ctx.app, 'customer');
    const asCustomer = await customer.post('/api/businesses', salon);
    expect(asCustomer.statusCode).toBe(403);
    const owner = await signUp(ctx.app, 'business');
    expect((await owner.post('/api/businesses', { ...salon, userId: owner.user.id + 1000 })).statusCode).toBe(403);
    expect((await owner.post('/api/businesses', salon)).statusCode).toBe(201);
    const second = await owner.post('/api/businesses', salon);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This account already has a business');
  });

  it('validates with the catalogue messages and writes nothing', async () => {
    const owner = await signUp(ctx.app, 'business');
    const noName = await owner.post('/api/businesses', { ...salon, businessName: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain('Business name is required');
    const noCategory = await owner.post('/api/businesses', { ...salon, category: 'Astrology' });
    expect(noCategory.json().message).toContain('Category is required');
    const badSite = await owner.post('/api/businesses', { ...salon, website: 'not a url' });
    expect(badSite.json().message).toContain('Website must be a valid URL');
    const wrongTypes = await owner.post('/api/businesses', { businessName: 42, category: null });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json().issues.length).toBeGreaterThan(0);
    expect((await owner.get('/api/user')).json().businessId).toBeNull();
  });
});

describe('the owner and the phone at registration (issue 27)', () => {
  it("saves the owner's name to their profile and names the first staff member after them, not the business", async () => {
    const owner = await signUp(ctx.app, 'business');
    const res = await owner.post('/api/businesses', { ...salon, ownerName: '  Dana Reyes ' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await owner.get('/api/user')).json().fullName).toBe('Dana Reyes');
    expect((await owner.get(`/api/businesses/${res.json().id}/staff`)).json().map((m: { name: string }) => m.name)).toEqual(['Dana Reyes']);
    // Without a name in the request or the profile, the business's name stands in, as before.
    const other = await signUp(ctx.app, 'business');
    const plain = (await other.post('/api/businesses', salon)).json();
    expect((await other.get(`/api/businesses/${plain.id}/staff`)).json().map((m: { name: string }) => m.name)).toEqual(['Glow Salon']);
    expect((await (await signUp(ctx.app, 'business')).post('/api/businesses', { ...salon, ownerName: ' ' })).json().message).toContain('Your name is required');
  });

  it('checks the business phone as a customer phone is, on create and on edit, and keeps it in E.164', async () => {
    const owner = await signUp(ctx.app, 'business');
    const bad = await owner.post('/api/businesses', { ...salon, phone: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^phone: Phone is not a valid phone number/);
    expect((await owner.get('/api/user')).json().businessId).toBeNull();
    const restaurant = await (await signUp(ctx.app, 'business')).post('/api/restaurants', { businessName: 'Phone Bistro', cuisineType: 'French', priceRange: '$$', phone: '555-0100' });
    expect(restaurant.statusCode).toBe(400);
    const made = await owner.post('/api/businesses', { ...salon, phone: '' });
    expect(made.json().phone).toBe('');
    const edited = await owner.patch(`/api/businesses/${made.json().id}`, { phone: 'abc' });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().message).toMatch(/^phone: Phone is not a valid phone number/);
    expect((await owner.patch(`/api/businesses/${made.json().id}`, { phone: '+44 20 7946 0958' })).json().phone).toBe('+442079460958');
  });
});

describe('POST /api/restaurants', () => {
  it('creates a restaurant with its table-reservation service and default time slots', async () => {
    const owner = await signUp(ctx.app, 'business');
    const res = await owner.post('/api/restaurants', { businessName: 'Luigi', cuisineType: 'Italian', priceRange: '$$', category: 'Restaurant', businessType: 'restaurant' });
    expect(res.statusCode).toBe(201);
    const r = res.json();
    expect(r).toMatchObject({ businessType: 'restaurant', category: 'Restaurant', maxPartySize: 8, reservationDuration: 120, seatingCapacity: 40, cuisineType: 'Italian', priceRange: '$$' });
    const services = (await owner.get(`/api/businesses/${r.id}/services`)).json();
    expect(services).toEqual([expect.objectContaining({ name: 'Table reservation', duration: 120, price: '0.00' })]);
    const slots = await queryRows(ctx.database, `select day_of_week, start_time::text, end_time::text, interval_minutes, is_active from restaurant_time_slots where business_id = ${r.id} order by day_of_week`);
    expect(slots).toHaveLength(7);
    // time slots every day: a restaurant is open today whatever day the test runs
    expect(r.openToday).toBe(true);
    expect(slots[0]).toEqual({ day_of_week: 0, start_time: '17:00:00', end_time: '23:00:00', interval_minutes: 30, is_active: true });
  });

  it('enforces the restaurant form rules', async () => {
    const owner = await signUp(ctx.app, 'business');
    const cases: [object, string][] = [
      [{ cuisineType: 'Italian', priceRange: '$$' }, 'Restaurant name is required'],
      [{ businessName: 'X', priceRange: '$$' }, 'Cuisine type is required'],
      [{ businessName: 'X', cuisineType: 'Italian' }, 'Price range is required'],
      [{ businessName: 'X', cuisineType: 'Italian', priceRange: '$$', maxPartySize: 21 }, 'Max party size must be between 1 and 20'],
      [{ businessName: 'X', cuisineType: 'Italian', priceRange: '$$', reservationDuration: 70 }, 'steps of 15'],
      [{ businessName: 'X', cuisineType: 'Italian', priceRange: '$$', reservationDuration: 315 }, 'between 60 and 300'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.post('/api/restaurants', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});

describe('GET /api/businesses', () => {
  it('lists, filters by type and searches name, category and description case-insensitively', async () => {
    const a = await signUp(ctx.app, 'business');
    const yoga = (await a.post('/api/businesses', { businessName: 'Zebra Yoga Loft', category: 'Fitness', description: 'Vinyasa classes' })).json();
    expect((await a.post(`/api/businesses/${yoga.id}/services`, { name: 'Vinyasa', duration: 60, price: '20.00' })).statusCode).toBe(201);
    const b = await signUp(ctx.app, 'business');
    await b.post('/api/restaurants', { businessName: 'Zebra Noodle Bar', cuisineType: 'Asian', priceRange: '$', description: 'Hand-pulled noodles' });
    const anyone = new TestClient(ctx.app);
    const byName = (await anyone.get('/api/businesses?q=zebra&sort=name')).json();
    expect(byName.map((x: { businessName: string }) => x.businessName)).toEqual(['Zebra Noodle Bar', 'Zebra Yoga Loft']);
    const restaurants = (await anyone.get('/api/businesses?type=restaurant&q=ZEBRA')).json();
    expect(restaurants).toHaveLength(1);
    expect(restaurants[0]).toMatchObject({ businessType: 'restaurant', cuisineType: 'Asian' });
    expect((await anyone.get('/api/businesses?q=vinyasa')).json()).toHaveLength(1);
    expect((await anyone.get('/api/businesses?q=%25')).json()).toEqual([]);
    expect((await anyone.get('/api/businesses?q=nothing-like-this')).json()).toEqual([]);
    expect((await anyone.get('/api/businesses?type=spa')).statusCode).toBe(400);
  });

  it('gets one business, 404 for unknown ids and 400 for junk ids', async () => {
    const owner = await signUp(ctx.app, 'business');
    const created = (await owner.post('/api/businesses', salon)).json();
    const anyone = new TestClient(ctx.app);
    expect((await anyone.get(`/api/businesses/${created.id}`)).json().businessName).toBe('Glow Salon');
    const missing = await anyone.get('/api/businesses/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Business not found');
    expect((await anyone.get('/api/businesses/abc')).statusCode).toBe(400);
    expect((await anyone.get('/api/businesses/-1')).statusCode).toBe(400);
    expect((await anyone.get('/api/businesses/99999999999999')).statusCode).toBe(400);
  });
});
