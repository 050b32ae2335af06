import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurant, serviceBusiness } from '../appointments/test-fixtures.js';
import { createTestApp, signUp, TestClient, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Shop = Awaited<ReturnType<typeof serviceBusiness>>;
const members = async (shop: Shop, all = false) => (await shop.owner.get(`/api/businesses/${shop.businessId}/staff${all ? '?all=true' : ''}`)).json();

describe('staff members: the list and the owner edits', () => {
  it('lists the first member publicly, and everything to the owner with all=true', async () => {
    const shop = await serviceBusiness(ctx.app);
    const anon = new TestClient(ctx.app);
    const list = (await anon.get(`/api/businesses/${shop.businessId}/staff`)).json();
    expect(list).toEqual([{ id: expect.any(Number), name: shop.businessName, bio: '', serviceIds: [] }]);
    const full = await members(shop, true);
    expect(full).toEqual([{ id: list[0].id, businessId: shop.businessId, name: shop.businessName, bio: '', active: true, position: 1, serviceIds: [], hours: null, timeOff: [] }]);
    expect((await anon.get(`/api/businesses/${shop.businessId}/staff?all=true`)).statusCode).toBe(401);
    const customer = await signUp(ctx.app);
    const refused = await customer.get(`/api/businesses/${shop.businessId}/staff?all=true`);
    expect(refused.statusCode).toBe(403);
    expect((await anon.get(`/api/businesses/${shop.businessId}/staff?all=maybe`)).statusCode).toBe(400);
    expect((await anon.get('/api/businesses/999999/staff')).statusCode).toBe(404);
  });

  it('creates members last in order, checks their services, and refuses restaurants', async () => {
    const shop = await serviceBusiness(ctx.app);
    const created = await shop.owner.post(`/api/businesses/${shop.businessId}/staff`, { name: 'Marco', bio: 'Fades', serviceIds: [shop.serviceId] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Marco', bio: 'Fades', serviceIds: [shop.serviceId], position: 2, active: true, hours: null, timeOff: [] });
    const other = await serviceBusiness(ctx.app);
    const foreign = await shop.owner.post(`/api/businesses/${shop.businessId}/staff`, { name: 'Ana', serviceIds: [other.serviceId] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain(`Service ${other.serviceId}`);
    expect((await shop.owner.post(`/api/businesses/${shop.businessId}/staff`, { name: '  ' })).statusCode).toBe(400);
    expect((await shop.owner.post(`/api/businesses/${shop.businessId}/staff`, { name: 'A', serviceIds: [1, 1] })).statusCode).toBe(400);
    expect((await other.owner.post(`/api/businesses/${shop.businessId}/staff`, { name: 'Ana' })).statusCode).toBe(403);
    expect((await new TestClient(ctx.app).post(`/api/businesses/${shop.businessId}/staff`, { name: 'Ana' })).statusCode).toBe(401);
    expect((await shop.owner.post('/api/businesses/999999/staff', { name: 'Ana' })).statusCode).toBe(404);
    const dining = await restaurant(ctx.app);
    const refused = await dining.owner.post(`/api/businesses/${dining.businessId}/staff`, { name: 'Ana' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Restaurants');
    expect((await members(shop)).map((m: { name: string }) => m.name)).toEqual([shop.businessName, 'Marco']);
  });

  it('edits a member and moves them in the order, keeping positions 1..n', async () => {
    const shop = await serviceBusiness(ctx.app);
    for (const name of ['B', 'C', 'D']) await shop.owner.post(`/api/businesses/${shop.businessId}/staff`, { name });
    const [first, , , d] = await members(shop, true);
    const moved = await shop.owner.patch(`/api/staff/${d.id}`, { position: 1, name: 'Dee', bio: 'New' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ name: 'Dee', bio: 'New', position: 1 });
    const order = () => members(shop, true).then((all) => all.map((m: { name: string; position: number }) => `${m.position}:${m.name}`));
    expect(await order()).toEqual(['1:Dee', `2:${shop.businessName}`, '3:B', '4:C']);
    await shop.owner.patch(`/api/staff/${first.id}`, { position: 99 });
    expect(await order()).toEqual(['1:Dee', '2:B', '3:C', `4:${shop.businessName}`]);
    expect((await shop.owner.patch(`/api/staff/${d.id}`, { serviceIds: [shop.serviceId] })).json().serviceIds).toEqual([shop.serviceId]);
    expect((await shop.owner.patch(`/api/staff/${d.id}`, { serviceIds: [999999] })).statusCode).toBe(400);
    expect((await shop.owner.patch(`/api/staff/${d.id}`, {})).statusCode).toBe(400);
    expect((await shop.owner.patch(`/api/staff/${d.id}`, { position: 0 })).statusCode).toBe(400);
    expect((await shop.owner.patch('/api/staff/999999', { name: 'X' })).statusCode).toBe(404);
    const stranger = await signUp(ctx.app, 'business');
    expect((await stranger.patch(`/api/staff/${d.id}`, { name: 'X' })).statusCode).toBe(403);
  });

  it('sets and clears own hours, and adds and removes time off', async () => {
    const shop = await serviceBusiness(ctx.app);
    const [member] = await members(shop);
    const hours = [
      { dayOfWeek: 1, openTime: '09:00', closeTime: '12:00' },
      { dayOfWeek: 1, openTime: '13:00', closeTime: '17:00' },
    ];
    const set = await shop.owner.put(`/api/staff/${member.id}/hours`, { hours });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().hours).toEqual(hours);
    const overlapping = await shop.owner.put(`/api/staff/${member.id}/hours`, { hours: [hours[0], { dayOfWeek: 1, openTime: '11:00', closeTime: '14:00' }] });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().message).toContain('must not overlap');
    expect((await shop.owner.put(`/api/staff/${member.id}/hours`, { hours: [{ dayOfWeek: 1, openTime: '12:00', closeTime: '09:00' }] })).statusCode).toBe(400);
    expect((await shop.owner.put(`/api/staff/${member.id}/hours`, { hours: null })).json().hours).toBeNull();

    const off = await shop.owner.post(`/api/staff/${member.id}/time-off`, { startDate: '2030-01-02', endDate: '2030-01-04', reason: 'Trip' });
    expect(off.statusCode, off.body).toBe(201);
    expect(off.json()).toEqual({ id: expect.any(Number), startDate: '2030-01-02', endDate: '2030-01-04', reason: 'Trip' });
    expect((await members(shop, true))[0].timeOff).toEqual([off.json()]);
    expect((await shop.owner.post(`/api/staff/${member.id}/time-off`, { startDate: '2030-01-04', endDate: '2030-01-02' })).statusCode).toBe(400);
    expect((await shop.owner.post(`/api/staff/${member.id}/time-off`, { startDate: '2030-02-30', endDate: '2030-03-01' })).statusCode).toBe(400);
    const stranger = await signUp(ctx.app, 'business');
    expect((await stranger.delete(`/api/staff/${member.id}/time-off/${off.json().id}`)).statusCode).toBe(403);
    expect((await stranger.put(`/api/staff/${member.id}/hours`, { hours: null })).statusCode).toBe(403);
    expect((await stranger.post(`/api/staff/${member.id}/time-off`, { startDate: '2030-01-02', endDate: '2030-01-04' })).statusCode).toBe(403);
    expect((await shop.owner.delete(`/api/staff/${member.id}/time-off/${off.json().id}`)).statusCode).toBe(204);
    expect((await shop.owner.delete(`/api/staff/${member.id}/time-off/${off.json().id}`)).statusCode).toBe(404);
    expect((await shop.owner.put('/api/staff/999999/hours', { hours: null })).statusCode).toBe(404);
  });

  it('deactivates a member without appointments, but never the last one', async () => {
    const shop = await serviceBusiness(ctx.app);
    const [first] = await members(shop);
    const last = await shop.owner.delete(`/api/staff/${first.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('only active staff member') });
    const second = (await shop.owner.post(`/api/businesses/${shop.businessId}/staff`, { name: 'Marco' })).json();
    const stranger = await signUp(ctx.app, 'business');
    expect((await stranger.delete(`/api/staff/${second.id}`)).statusCode).toBe(403);
    expect((await shop.owner.delete('/api/staff/999999')).statusCode).toBe(404);
    const done = await shop.owner.delete(`/api/staff/${second.id}`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ deactivated: true, reassigned: 0 });
    expect((await members(shop)).map((m: { id: number }) => m.id)).toEqual([first.id]);
    expect((await members(shop, true)).find((m: { id: number }) => m.id === second.id).active).toBe(false);
    expect((await shop.owner.delete(`/api/staff/${first.id}`)).statusCode).toBe(409);
    // Brought back: offered again; only `active: true` is taken here.
    expect((await shop.owner.patch(`/api/staff/${second.id}`, { active: false })).statusCode).toBe(400);
    const back = await shop.owner.patch(`/api/staff/${second.id}`, { active: true });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().active).toBe(true);
    expect((await members(shop)).map((m: { id: number }) => m.id)).toEqual([first.id, second.id]);
  });
});
