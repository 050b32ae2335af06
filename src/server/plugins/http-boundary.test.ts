import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, serviceBusiness, upcomingWeekday } from '../features/appointments/test-fixtures.js';
import { createTestApp, signUp, type TestContext } from '../test/test-app.js';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(() => ctx.close());

/** Sends raw bytes and returns the raw HTTP response, as a client that does not use a library would. */
function rawRequest(bytes: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      const status = Number(head.split(' ')[1]);
      if (!status) reject(new Error(`no response: ${JSON.stringify(data)}`));
      else resolve({ status, headers: head, body: rest.join('\r\n\r\n') });
    });
    socket.write(bytes);
    setTimeout(() => socket.end(), 300);
  });
}

const expectContractShape = (body: string) => {
  const parsed = JSON.parse(body);
  expect(typeof parsed.message).toBe('string');
  expect(typeof parsed.code).toBe('string');
};

describe('errors raised before routing keep the {message, code} shape', () => {
  it('answers a 250-character id with 414', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/businesses/${'1'.repeat(250)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'The request URL is too long', code: 'URI_TOO_LONG' });
  });

  it('answers a header over 16 KB with 431', async () => {
    const res = await rawRequest(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ message: 'The request headers are too large', code: 'HEADERS_TOO_LARGE' });
  });

  it('answers a Content-Length that does not match the body with 400', async () => {
    const body = '{"username":"alice","password":"x"}';
    const res = await rawRequest(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n${body}`,
    );
    expect(res.status).toBe(400);
    expectContractShape(res.body);
  });

  it('answers garbage that is not HTTP with 400 JSON', async () => {
    const res = await rawRequest('HELLO THERE\r\n\r\n');
    expect(res.status).toBe(400);
    expectContractShape(res.body);
  });

  it('answers a URL it cannot decode with 400', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/businesses/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expectContractShape(res.body);
  });
});

describe('state-changing requests from another site are refused, bodies or not', () => {
  it('refuses a bodyless complete and logout from evil.example, and changes nothing', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const booked = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '11:00' });
    const id = booked.json().id;
    const hostile = { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' };
    const complete = await shop.owner.request({ method: 'POST', url: `/api/appointments/${id}/complete`, headers: hostile });
    expect(complete.statusCode).toBe(403);
    expect(complete.json().code).toBe('CROSS_SITE');
    const onlyOrigin = await shop.owner.request({ method: 'POST', url: `/api/appointments/${id}/complete`, headers: { origin: 'http://evil.example' } });
    expect(onlyOrigin.statusCode).toBe(403);
    const onlyFetchSite = await shop.owner.request({ method: 'POST', url: `/api/appointments/${id}/complete`, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(onlyFetchSite.statusCode).toBe(403);
    const nullOrigin = await shop.owner.request({ method: 'POST', url: `/api/appointments/${id}/complete`, headers: { origin: 'null' } });
    expect(nullOrigin.statusCode).toBe(403);
    const logout = await customer.request({ method: 'POST', url: '/api/logout', headers: hostile });
    expect(logout.statusCode).toBe(403);
    expect((await customer.get('/api/user')).statusCode).toBe(200);
    const appointments = (await shop.owner.get(`/api/appointments?businessId=${shop.businessId}`)).json();
    expect(appointments.find((a: { id: number }) => a.id === id).status).toBe('confirmed');
  });

  it('lets the same origin through', async () => {
    const customer = await signUp(ctx.app);
    const res = await customer.request({ method: 'POST', url: '/api/logout', headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' } });
    expect(res.statusCode).toBe(204);
  });

  it('does not refuse cross-site reads', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/businesses', headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('caching and content security', () => {
  it('marks API answers no-store and limits connect-src to the app itself', async () => {
    const customer = await signUp(ctx.app);
    const me = await customer.get('/api/user');
    expect(me.headers['cache-control']).toBe('no-store');
    const credits = await customer.get(`/api/credits/${customer.user.id}`);
    expect(credits.headers['cache-control']).toBe('no-store');
    const unauthorized = await ctx.app.inject({ method: 'GET', url: '/api/user' });
    expect(unauthorized.headers['cache-control']).toBe('no-store');
    const csp = String(me.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
  });
});
