import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, signUp, TestClient, type TestContext } from '../../test/test-app.js';
import { book, restaurant, serviceBusiness, upcomingDay, upcomingWeekday } from '../appointments/test-fixtures.js';

// The profile's full name and phone (issue 18): read with the user, changed only by that user with
// PATCH /api/user, phones checked and kept in E.164, and filled by a booking while still empty.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the profile', () => {
  it('starts empty, is changed with PATCH /api/user, and is read back by /user, /session and login', async () => {
    const client = new TestClient(ctx.app);
    const registered = await client.post('/api/register', { username: 'profiled', email: 'profiled@example.com', password: 'plum-orchard-42' });
    expect(registered.json()).toMatchObject({ fullName: null, phone: null });
    expect((await client.get('/api/user')).json()).toMatchObject({ username: 'profiled', fullName: null, phone: null });

    const changed = await client.patch('/api/user', { fullName: '  Ada\r\nLovelace ', phone: '(212) 555-0142' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ username: 'profiled', email: 'profiled@example.com', fullName: 'Ada Lovelace', phone: '+12125550142' });
    expect((await client.get('/api/user')).json()).toMatchObject({ fullName: 'Ada Lovelace', phone: '+12125550142' });
    expect((await client.get('/api/session')).json().user).toMatchObject({ fullName: 'Ada Lovelace', phone: '+12125550142' });
    const again = new TestClient(ctx.app);
    expect((await again.post('/api/login', { username: 'profiled', password: 'plum-orchard-42' })).json()).toMatchObject({ fullName: 'Ada Lovelace', phone: '+12125550142' });

    // A key left out stays; an international number keeps its country; blank or null clears.
    expect((await client.patch('/api/user', { phone: '+44 20 7946 0958' })).json()).toMatchObject({ fullName: 'Ada Lovelace', phone: '+442079460958' });
    expect((await client.patch('/api/user', { fullName: '   ', phone: null })).json()).toMatchObject({ fullName: null, phone: null });
    expect((await client.patch('/api/user', {})).json()).toMatchObject({ fullName: null, phone: null });
  });

  it('refuses a bad phone, a long name and other fields with 400 naming the field, changing nothing', async () => {
    const client = await signUp(ctx.app);
    await client.patch('/api/user', { fullName: 'Kept Name', phone: '2125550199' });
    for (const [body, field, words] of [
      [{ phone: 'abc' }, 'phone', 'Phone is not a valid phone number'],
      [{ phone: '555-0100' }, 'phone', 'with its area code'],
      [{ phone: 5551234567 }, 'phone', 'Phone'],
      [{ fullName: 'x'.repeat(121) }, 'fullName', 'Full name must be at most 120 characters'],
      [{ fullName: 'Ann', username: 'someone-else' }, '', 'username'],
      [{ email: 'new@example.com' }, '', 'email'],
    ] as const) {
      const res = await client.patch('/api/user', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().message).toContain(words);
      if (field) expect(res.json().message.startsWith(`${field}: `)).toBe(true);
    }
    expect((await client.get('/api/user')).json()).toMatchObject({ fullName: 'Kept Name', phone: '+12125550199' });
    const wrongType = await client.request({ method: 'PATCH', url: '/api/user', payload: 'fullName=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(wrongType.statusCode).toBe(415);
  });

  it('is only ever the caller’s own: signed out is 401, another user’s id is 403', async () => {
    const [me, other] = [await signUp(ctx.app), await signUp(ctx.app)];
    expect((await new TestClient(ctx.app).patch('/api/user', { fullName: 'Nobody' })).statusCode).toBe(401);
    const forOther = await me.patch('/api/user', { userId: other.user.id, fullName: 'Hijacked' });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().message).toBe('You can change only your own profile');
    expect((await other.get('/api/user')).json().fullName).toBeNull();
    expect((await me.patch('/api/user', { userId: me.user.id, fullName: 'Me Myself' })).json().fullName).toBe('Me Myself');
    // The database holds only E.164 phones, whoever writes.
    await expect(queryRows(ctx.database, `update users set phone = '555-0100' where id = ${me.user.id}`)).rejects.toThrow();
  });
});

describe('booking and the profile', () => {
  it('a first booking fills an empty profile; later ones leave it as the customer set it', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const first = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '10:00', customerName: 'Grace Hopper', customerPhone: '212 555 0123' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ customerName: 'Grace Hopper', customerPhone: '+12125550123' });
    expect((await customer.get('/api/user')).json()).toMatchObject({ fullName: 'Grace Hopper', phone: '+12125550123' });

    // A table booked under a friend's name does not rename the account.
    const dining = await restaurant(ctx.app);
    const forFriend = await book(customer, { businessId: dining.businessId, serviceId: dining.serviceId, date: upcomingDay(4), time: '19:00', partySize: 2, customerName: 'Friend Name', customerPhone: '+44 20 7946 0958' });
    expect(forFriend.statusCode, forFriend.body).toBe(201);
    expect(forFriend.json().customerPhone).toBe('+442079460958');
    expect((await customer.get('/api/user')).json()).toMatchObject({ fullName: 'Grace Hopper', phone: '+12125550123' });

    // Only the field still empty is filled.
    await customer.patch('/api/user', { phone: null });
    await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '14:00', customerName: 'Other Name', customerPhone: '(646) 555-0177' });
    expect((await customer.get('/api/user')).json()).toMatchObject({ fullName: 'Grace Hopper', phone: '+16465550177' });
  });

  it('refuses a booking whose phone is not a number, naming customerPhone, and books nothing', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const date = upcomingWeekday(2);
    for (const phone of ['abc', '555-0100', '1']) {
      const res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '11:00', customerPhone: phone });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^customerPhone: Phone is not a valid phone number/);
    }
    expect((await customer.get('/api/appointments')).json()).toEqual([]);
    expect((await customer.get('/api/user')).json()).toMatchObject({ fullName: null, phone: null });
  });
});
