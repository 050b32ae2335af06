import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, signUp, TestClient, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const salon = { businessName: 'Glow Salon', category: 'Beauty & Wellness', description: 'Hair and nails', address: '1 High St', phone: '(212) 555-0100' };
const trattoria = { businessName: 'Trattoria Nuova', cuisineType: 'Italian', priceRange: '$$' };

describe('PATCH /api/businesses/:id', () => {
  it('lets the owner change the details, the time zone included, and changes only what was sent', async () => {
    const owner = await signUp(ctx.app, 'business');
    const created = (await owner.post('/api/businesses', salon)).json();
    const res = await owner.patch(`/api/businesses/${created.id}`, {
      businessName: '  Glow Studio ',
      category: 'Fitness',
      description: 'Hair, nails and yoga',
      email: 'hello@glow.example',
      website: 'https://glow.example',
      operatingHours: 'Mon-Fri 9-5',
      timeZone: 'Europe/London',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, businessName: 'Glow Studio', category: 'Fitness', address: '1 High St', phone: '+12125550100', email: 'hello@glow.example', timeZone: 'Europe/London', operatingHours: 'Mon-Fri 9-5' });
    expect((await new TestClient(ctx.app).get(`/api/businesses/${created.id}`)).json().businessName).toBe('Glow Studio');
    // Clearing an optional field is a change too.
    expect((await owner.patch(`/api/businesses/${created.id}`, { website: '' })).json()).toMatchObject({ website: '', email: 'hello@glow.example' });
    // Nothing to change answers the business as it is.
    expect((await owner.patch(`/api/businesses/${created.id}`, {})).json().businessName).toBe('Glow Studio');
  });

  it('validates like registration does, time zone included, and writes nothing when refused', async () => {
    const owner = await signUp(ctx.app, 'business');
    const created = (await owner.post('/api/businesses', salon)).json();
    const cases: [object, string][] = [
      [{ businessName: '   ' }, 'Business name is required'],
      [{ category: 'Astrology' }, 'Category is required'],
      [{ website: 'not a url' }, 'Website must be a valid URL'],
      [{ email: 'nope' }, 'Invalid email address'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone must be an IANA time zone'],
      [{ timeZone: '' }, 'Time zone is required'],
      [{ cuisineType: 'Italian' }, 'Only restaurants have a cuisine'],
      [{ description: 'x'.repeat(2001) }, 'Description must be at most 2000 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.patch(`/api/businesses/${created.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const [row] = await queryRows(ctx.database, `select business_name, category, time_zone, cuisine_type from businesses where id = ${created.id}`);
    expect(row).toEqual({ business_name: 'Glow Salon', category: 'Beauty & Wellness', time_zone: 'America/New_York', cuisine_type: null });
  });

  it("edits a restaurant's own fields; its category stays Restaurant", async () => {
    const owner = await signUp(ctx.app, 'business');
    const created = (await owner.post('/api/restaurants', trattoria)).json();
    const res = await owner.patch(`/api/businesses/${created.id}`, { cuisineType: 'French', priceRange: '$$$', maxPartySize: 12, reservationDuration: 90, seatingCapacity: 60 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ category: 'Restaurant', cuisineType: 'French', priceRange: '$$$', maxPartySize: 12, reservationDuration: 90, seatingCapacity: 60 });
    const cases: [object, string][] = [
      [{ category: 'Fitness' }, "A restaurant's category is always Restaurant"],
      [{ maxPartySize: 21 }, 'Max party size must be between 1 and 20'],
      [{ reservationDuration: 70 }, 'steps of 15'],
      [{ seatingCapacity: 0 }, 'Seating capacity must be between 1 and 1000'],
      [{ priceRange: '$$$$$' }, 'Price range is required'],
    ];
    for (const [body, message] of cases) {
      const refused = await owner.patch(`/api/businesses/${created.id}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toContain(message);
    }
  });

  it('answers 401 signed out, 403 to anyone but the owner, 404 for an unknown business', async () => {
    const owner = await signUp(ctx.app, 'business');
    const created = (await owner.post('/api/businesses', salon)).json();
    expect((await new TestClient(ctx.app).patch(`/api/businesses/${created.id}`, { businessName: 'Taken over' })).statusCode).toBe(401);
    const other = await signUp(ctx.app, 'business');
    expect((await other.patch(`/api/businesses/${created.id}`, { businessName: 'Taken over' })).statusCode).toBe(403);
    const customer = await signUp(ctx.app, 'customer');
    expect((await customer.patch(`/api/businesses/${created.id}`, { businessName: 'Taken over' })).statusCode).toBe(403);
    expect((await owner.patch('/api/businesses/999999', { businessName: 'X' })).statusCode).toBe(404);
    expect((await owner.get(`/api/businesses/${created.id}`)).json().businessName).toBe('Glow Salon');
  });
});

describe('a restaurant registered with its open days', () => {
  it('gets default time slots on those days only', async () => {
    const owner = await signUp(ctx.app, 'business');
    const res = await owner.post('/api/restaurants', { ...trattoria, openDays: [5, 2, 3, 6] });
    expect(res.statusCode, res.body).toBe(201);
    const slots = await queryRows(ctx.database, `select day_of_week from restaurant_time_slots where business_id = ${res.json().id} order by day_of_week`);
    expect(slots.map((s) => s.day_of_week)).toEqual([2, 3, 5, 6]);
  });

  it('refuses no days, repeated days and days outside 0-6', async () => {
    const owner = await signUp(ctx.app, 'business');
    for (const [openDays, message] of [[[], 'Choose at least one day'], [[1, 1], 'Each day can be chosen once'], [[7], 'weekday numbers 0-6'], ['mon', 'list of weekdays']] as const) {
      const res = await owner.post('/api/restaurants', { ...trattoria, openDays });
      expect(res.statusCode, JSON.stringify(openDays)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await owner.get('/api/user')).json().businessId).toBeNull();
  });
});
