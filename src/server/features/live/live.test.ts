import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book } from '../appointments/test-fixtures.js';
import { notify } from '../notifications/notifications.service.js';
import { createTestApp, signUp, type TestContext } from '../../test/test-app.js';
import { LiveClient, portOf, publishInTransaction, queueWorld, sessionHeaders } from './live-test-support.js';

let ctx: TestContext;
let port: number;
let world: Awaited<ReturnType<typeof queueWorld>>;
const open: LiveClient[] = [];
const connect = async (headers: Record<string, string> = {}) => {
  const client = await LiveClient.open(port, headers);
  open.push(client);
  return client;
};

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = portOf(ctx.app);
  world = await queueWorld(ctx.app, ctx.database);
});
afterAll(async () => {
  for (const client of open) client.close();
  await ctx?.close();
});

describe('/ws delivery', () => {
  it('pushes a committed change to every subscriber of the business-day, shaped for each', async () => {
    const { businessId, date, customer, owner, other, queueEntryId, event } = world;
    const mine = await connect(sessionHeaders(customer));
    const owners = await connect(sessionHeaders(owner));
    const someoneElse = await connect(sessionHeaders(other));
    const anonymous = await connect();
    for (const client of [mine, owners, someoneElse, anonymous]) await client.subscribe({ businessId, date });

    const started = Date.now();
    await publishInTransaction(ctx.database, event);
    const [forCustomer, forOwner, forOther, forAnonymous] = await Promise.all(
      [mine, owners, someoneElse, anonymous].map((client) => client.next('queue_update', 1_000)),
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(forCustomer.queueEntry).toMatchObject({ id: queueEntryId, businessId, date, time: '10:00', customerId: customer.user.id, isMine: true, status: 'waiting', queuePosition: 1 });
    expect(forOwner.queueEntry).toMatchObject({ id: queueEntryId, customerId: customer.user.id, isMine: false });
    // Another customer and a signed-out socket see the queue, never whose entry it is.
    for (const view of [forOther, forAnonymous]) expect(view.queueEntry).toMatchObject({ id: queueEntryId, customerId: null, isMine: false });
  });

  it('pushes a booking made over HTTP to its customer and, without personal data, to the business-day', async () => {
    const { businessId, serviceId, date, owner, other } = world;
    const booker = await signUp(ctx.app);
    const mine = await connect(sessionHeaders(booker));
    const owners = await connect(sessionHeaders(owner));
    const someoneElse = await connect(sessionHeaders(other));
    await mine.subscribe({ customer: true });
    await owners.subscribe({ businessId, date });
    await someoneElse.subscribe({ businessId, date });
    const booked = await book(booker, { businessId, serviceId, date, time: '11:00' });
    expect(booked.statusCode).toBe(201);
    const appointmentId = booked.json().id as number;
    const [forBooker, forOwner, forOther] = await Promise.all([mine, owners, someoneElse].map((client) => client.next('queue_update', 1_000)));
    expect(forBooker.queueEntry).toMatchObject({ appointmentId, customerId: booker.user.id, isMine: true, time: '11:00', status: 'waiting' });
    expect(forOwner.queueEntry).toMatchObject({ appointmentId, customerId: booker.user.id, isMine: false });
    expect(forOther.queueEntry).toMatchObject({ id: forBooker.queueEntry.id, customerId: null, isMine: false });
  });

  it('sends nothing for a rolled-back transaction', async () => {
    const { businessId, date, customer, event } = world;
    const client = await connect(sessionHeaders(customer));
    await client.subscribe({ businessId, date });
    await publishInTransaction(ctx.database, { ...event, type: 'queue_status_update' }, { rollback: true });
    // Events are delivered in commit order: once this later one arrives, the rolled-back one never will.
    await publishInTransaction(ctx.database, event);
    await client.next('queue_update');
    expect(client.messages.filter((message) => message.type === 'queue_status_update')).toEqual([]);
  });

  it('gives customer subscribers their own entries only', async () => {
    const { customer, other, event, businessId, date } = world;
    const mine = await connect(sessionHeaders(customer));
    const theirs = await connect(sessionHeaders(other));
    await mine.subscribe({ customer: true });
    await theirs.subscribe({ customer: true });
    await theirs.subscribe({ businessId, date });
    await publishInTransaction(ctx.database, { ...event, type: 'queue_status_update' });
    expect((await mine.next('queue_status_update')).queueEntry).toMatchObject({ isMine: true, customerId: customer.user.id });
    // `other` gets it through the business-day only, without personal data.
    await theirs.next('queue_status_update');
    expect(theirs.messages.filter((message) => message.type === 'queue_status_update')).toEqual([
      expect.objectContaining({ queueEntry: expect.objectContaining({ isMine: false, customerId: null }) }),
    ]);
  });

  it('delivers a notification to its user only, subscribed or not', async () => {
    const { customer, other, businessId, date, event } = world;
    const mine = await connect(sessionHeaders(customer));
    const theirs = await connect(sessionHeaders(other));
    await theirs.subscribe({ businessId, date });
    const row = await ctx.database.db.transaction((tx) => notify(tx, { userId: customer.user.id, kind: 'called', title: 'You were called' }));
    const received = await mine.next('notification');
    expect(received.notification).toMatchObject({ id: row.id, title: 'You were called', read: false });
    expect(received.unread).toBeGreaterThanOrEqual(1);
    // A later event reaching `other` proves the notification was dispatched, and passed them by.
    await publishInTransaction(ctx.database, event);
    await theirs.next('queue_update');
    expect(theirs.messages.some((message) => message.type === 'notification')).toBe(false);
  });

  it('gives a socket without a session nothing private', async () => {
    const { customer, event, businessId, date } = world;
    const anonymous = await connect();
    anonymous.send({ type: 'subscribe', customer: true });
    expect((await anonymous.next('error')).message).toMatch(/sign in/i);
    // The business-day is public: its later event reaching this socket proves the notification before it
    // was dispatched, and passed it by.
    await anonymous.subscribe({ businessId, date });
    await ctx.database.db.transaction((tx) => notify(tx, { userId: customer.user.id, kind: 'called', title: 'Private' }));
    await publishInTransaction(ctx.database, event);
    expect((await anonymous.next('queue_update')).queueEntry).toMatchObject({ customerId: null, isMine: false });
    expect(anonymous.messages.map((message) => message.type)).toEqual(['error', 'subscribed', 'queue_update']);
  });
});

describe('/ws upgrade and protocol', () => {
  it('refuses a cross-site upgrade before any socket exists', async () => {
    expect(await LiveClient.refusal(port, { origin: 'https://evil.example' })).toBe(403);
    expect(await LiveClient.refusal(port, { origin: `http://127.0.0.1:${port}`, 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await LiveClient.refusal(port, { origin: 'null' })).toBe(403);
    // Same host, another scheme: an https page is another origin than this http server.
    expect(await LiveClient.refusal(port, { origin: `https://127.0.0.1:${port}` })).toBe(403);
    // Without TRUST_PROXY nobody may claim the scheme for it.
    expect(await LiveClient.refusal(port, { origin: `https://127.0.0.1:${port}`, 'x-forwarded-proto': 'https' })).toBe(403);
  });

  it('behind a proxy TRUST_PROXY names, takes the scheme the proxy says the page was served by', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 1 });
    try {
      await proxied.app.listen({ port: 0, host: '127.0.0.1' });
      const at = portOf(proxied.app);
      const httpsPage = await LiveClient.open(at, { origin: `https://127.0.0.1:${at}`, 'x-forwarded-proto': 'https' });
      httpsPage.socket.close();
      expect(await LiveClient.refusal(at, { origin: `http://127.0.0.1:${at}`, 'x-forwarded-proto': 'https' })).toBe(403);
      expect(await LiveClient.refusal(at, { origin: `https://127.0.0.1:${at}`, 'x-forwarded-proto': 'http' })).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it('answers a plain GET or HEAD of /ws (no upgrade) with 426 JSON naming what to do', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await ctx.app.inject({ method, url: '/ws' });
      expect(res.statusCode, method).toBe(426);
      expect(res.headers.upgrade).toBe('websocket');
      if (method === 'GET') expect(res.json()).toEqual({ message: 'Live updates need a WebSocket: send Upgrade: websocket', code: 'UPGRADE_REQUIRED' });
    }
  });

  it('answers bad frames with an error and keeps the socket open', async () => {
    const client = await connect();
    const bad = ['not json', '{"type":"subscribe"}', '{"type":"subscribe","businessId":-1,"date":"2030-01-01"}', '{"type":"subscribe","businessId":1,"date":"2030-02-31"}', '[]', '{"type":"dance"}'];
    for (const frame of bad) client.send(frame);
    await expect.poll(() => client.messages.filter((message) => message.type === 'error').length).toBe(bad.length);
    // Frames are answered in order: the pong after them proves no further error is on its way.
    client.send({ type: 'ping' });
    await client.next('pong');
    expect(client.messages.filter((message) => message.type === 'error')).toHaveLength(bad.length);
    expect(client.socket.readyState).toBe(1);
  });

  it('caps subscriptions per socket', async () => {
    const client = await connect();
    for (let day = 1; day <= 20; day++) await client.subscribe({ businessId: 1, date: `2030-01-${String(day).padStart(2, '0')}` });
    const from = client.messages.length;
    client.send({ type: 'subscribe', businessId: 1, date: '2030-01-21' });
    expect((await client.next('error', 1_000, from)).message).toMatch(/at most 20/i);
    client.send({ type: 'unsubscribe', businessId: 1, date: '2030-01-01' });
    await client.next('unsubscribed');
    await client.subscribe({ businessId: 1, date: '2030-01-21' });
  });
});
