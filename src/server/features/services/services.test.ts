import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, signUp, TestClient, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let businessId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signUp(ctx.app, 'business');
  businessId = (await owner.post('/api/businesses', { businessName: 'Cuts', category: 'Beauty & Wellness' })).json().id;
});
afterAll(() => ctx.close());

const haircut = { name: 'Haircut', description: 'Wash and cut', duration: 30, price: '25.50' };

describe('services', () => {
  it('creates, reads, updates and soft-deletes a service as the owner', async () => {
    const created = await owner.post(`/api/businesses/${businessId}/services`, haircut);
    expect(created.statusCode).toBe(201);
    const service = created.json();
    expect(service).toMatchObject({ ...haircut, businessId });
    expect((await new TestClient(ctx.app).get(`/api/services/${service.id}`)).json().price).toBe('25.50');
    const updated = await owner.put(`/api/services/${service.id}`, { ...haircut, price: 30, duration: 45 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ price: '30.00', duration: 45 });
    expect((await owner.delete(`/api/services/${service.id}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/services/${service.id}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/businesses/${businessId}/services`)).json()).toEqual([]);
    // the row stays for past appointments
    const kept = await queryRows(ctx.database, `select deleted_at is not null as deleted from services where id = ${service.id}`);
    expect(kept).toEqual([{ deleted: true }]);
    expect((await owner.delete(`/api/services/${service.id}`)).statusCode).toBe(404);
  });

  it('validates with the service form messages', async () => {
    const cases: [object, string][] = [
      [{ ...haircut, name: '   ' }, 'Service name is required.'],
      [{ ...haircut, duration: 'abc' }, 'Valid duration is required.'],
      [{ ...haircut, duration: 12.5 }, 'Valid duration is required.'],
      [{ ...haircut, price: 'free' }, 'Valid price is required.'],
      [{ ...haircut, price: '-5' }, 'Valid price is required.'],
      [{ ...haircut, price: '1.234' }, 'Price can have at most two decimal places'],
      [{ ...haircut, duration: '30' }, 'Valid duration is required.'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.post(`/api/businesses/${businessId}/services`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('allows writes only to the owner: 401 signed out, 403 others, 404 unknown', async () => {
    const service = (await owner.post(`/api/businesses/${businessId}/services`, haircut)).json();
    const anon = new TestClient(ctx.app);
    expect((await anon.post(`/api/businesses/${businessId}/services`, haircut)).statusCode).toBe(401);
    expect((await anon.put(`/api/services/${service.id}`, haircut)).statusCode).toBe(401);
    expect((await anon.delete(`/api/services/${service.id}`)).statusCode).toBe(401);
    const other = await signUp(ctx.app, 'business');
    await other.post('/api/businesses', { businessName: 'Other', category: 'Other' });
    expect((await other.post(`/api/businesses/${businessId}/services`, haircut)).statusCode).toBe(403);
    expect((await other.put(`/api/services/${service.id}`, { ...haircut, price: '1.00' })).statusCode).toBe(403);
    expect((await other.delete(`/api/services/${service.id}`)).statusCode).toBe(403);
    const customer = await signUp(ctx.app, 'customer');
    expect((await customer.delete(`/api/services/${service.id}`)).statusCode).toBe(403);
    expect((await owner.get(`/api/services/${service.id}`)).json().price).toBe('25.50');
    expect((await owner.post('/api/businesses/999999/services', haircut)).statusCode).toBe(404);
    expect((await anon.get('/api/businesses/999999/services')).statusCode).toBe(404);
    expect((await owner.put('/api/services/999999', haircut)).statusCode).toBe(404);
  });
});
