import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, signUp, TestClient, type TestContext } from '../../test/test-app.js';
import { listBusinessPages } from '../businesses/index.js';

// Issue 27: a business with nothing to book stays off the directory, quick booking and the sitemap
// until it has a bookable service, and leaves them when its last one goes; businesses.listed is kept
// in the transaction that adds or deletes the service (sql/business-listed.sql).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx.close());

const anyone = () => new TestClient(ctx.app);
const names = async (url: string) => ((await anyone().get(url)).json() as { businessName: string }[]).map((b) => b.businessName);
const earliestIds = async () => ((await anyone().get('/api/earliest-appointments?q=quillfeather')).json() as { business: { id: number } }[]).map((e) => e.business.id);
const inSitemap = async (id: number) => (await listBusinessPages(ctx.database.db, 0, 10_000)).some((p) => p.id === id);

describe('a business is listed while it has a bookable service', () => {
  it('is unlisted with no service, listed once it adds one, and unlisted again when its last one is deleted', async () => {
    const owner = await signUp(ctx.app, 'business');
    const created = await owner.post('/api/businesses', { businessName: 'Quillfeather Studio', category: 'Education' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json().listed).toBe(false);
    expect(await names('/api/businesses?q=quillfeather')).toEqual([]);
    expect(await names('/api/businesses?sort=name&limit=100')).not.toContain('Quillfeather Studio');
    expect(await inSitemap(id)).toBe(false);
    // The business's own page still opens (its owner shares it while setting up).
    expect((await anyone().get(`/api/businesses/${id}`)).statusCode).toBe(200);

    const lesson = await owner.post(`/api/businesses/${id}/services`, { name: 'Calligraphy lesson', duration: 60, price: '30.00' });
    expect(lesson.statusCode, lesson.body).toBe(201);
    expect((await anyone().get(`/api/businesses/${id}`)).json().listed).toBe(true);
    expect(await names('/api/businesses?q=quillfeather')).toEqual(['Quillfeather Studio']);
    expect(await inSitemap(id)).toBe(true);
    expect(await earliestIds()).toContain(id);

    const second = (await owner.post(`/api/businesses/${id}/services`, { name: 'Ink mixing', duration: 30, price: '10.00' })).json();
    expect((await owner.delete(`/api/services/${second.id}`)).statusCode).toBeLessThan(300);
    expect(await names('/api/businesses?q=quillfeather')).toEqual(['Quillfeather Studio']);
    expect((await owner.delete(`/api/services/${lesson.json().id}`)).statusCode).toBeLessThan(300);
    expect((await anyone().get(`/api/businesses/${id}`)).json().listed).toBe(false);
    expect(await names('/api/businesses?q=quillfeather')).toEqual([]);
    expect(await inSitemap(id)).toBe(false);
    expect(await earliestIds()).not.toContain(id);
  });

  it('lists a restaurant at once: it is made with its table service', async () => {
    const owner = await signUp(ctx.app, 'business');
    const made = await owner.post('/api/restaurants', { businessName: 'Quillfeather Bistro', cuisineType: 'French', priceRange: '$$' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().listed).toBe(true);
    expect(await names('/api/businesses?q=quillfeather&type=restaurant')).toEqual(['Quillfeather Bistro']);
  });

  it('a service written straight to the table lists its business too (a trigger, not the route)', async () => {
    const owner = await signUp(ctx.app, 'business');
    const id = (await owner.post('/api/businesses', { businessName: 'Trigger Test Shop', category: 'Other' })).json().id as number;
    await queryRows(ctx.database, `insert into services (business_id, name, duration, price_cents) values (${id}, 'Direct', 30, 0)`);
    expect((await queryRows<{ listed: boolean }>(ctx.database, `select listed from businesses where id = ${id}`))[0].listed).toBe(true);
    await queryRows(ctx.database, `update services set deleted_at = now() where business_id = ${id}`);
    expect((await queryRows<{ listed: boolean }>(ctx.database, `select listed from businesses where id = ${id}`))[0].listed).toBe(false);
  });
});
