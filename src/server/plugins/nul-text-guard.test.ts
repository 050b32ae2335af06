import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, serviceBusiness, upcomingWeekday } from '../features/appointments/test-fixtures.js';
import { createTestApp, queryRows, signUp, type TestContext } from '../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const nulMessage = (field: string) => `${field}: must not contain the NUL character (\\u0000)`;

describe('text with a NUL character (which PostgreSQL cannot store) is refused naming its field', () => {
  it('refuses a booking whose notes hold one, and books nothing', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '10:00', notes: 'ring\u0000twice' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: nulMessage('notes'), issues: [{ path: ['notes'] }] });
    const rows = await queryRows<{ n: number }>(ctx.database, `select count(*)::int as n from appointments where business_id = ${shop.businessId}`);
    expect(rows[0].n).toBe(0);
  });

  it('names the field in a nested body, a query string and a sign-up', async () => {
    const customer = await signUp(ctx.app);
    const offer = await customer.post('/api/queue-jump-offers', {
      toAppointmentId: 1,
      offerAmount: 10,
      paymentMethod: 'credits',
      temporaryReservation: { date: upcomingWeekday(), time: '19:00', partySize: 2, customerName: 'Pat\u0000' },
    });
    expect(offer.statusCode).toBe(400);
    expect(offer.json().message).toBe(nulMessage('temporaryReservation.customerName'));
    const search = await ctx.app.inject({ method: 'GET', url: '/api/businesses?q=cut%00' });
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe(nulMessage('q'));
    const register = await ctx.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'nul\u0000name', email: 'nul@example.com', password: 'a long passphrase', userType: 'customer' } });
    expect(register.statusCode).toBe(400);
    expect(register.json().message).toBe(nulMessage('username'));
  });

  it('still takes a password with one: it is hashed, never stored as text', async () => {
    const account = { username: `nulpass${Date.now()}`, password: 'a long\u0000passphrase' };
    const register = await ctx.app.inject({ method: 'POST', url: '/api/register', payload: { ...account, email: `${account.username}@example.com`, userType: 'customer' } });
    expect(register.statusCode, register.body).toBe(201);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: account });
    expect(login.statusCode, login.body).toBe(200);
  });
});
