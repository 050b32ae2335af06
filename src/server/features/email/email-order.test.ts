import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changesFollowed, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, type Client, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { type MailSender, smtpSender } from './email-worker.js';
import { makeEmailJobDue, runDueEmails, useMailTestBed } from './test-fixtures.js';
import type { TestSmtpServer } from './test-smtp-server.js';

// DESIGN section 7: e-mail for one appointment leaves in the order it was written, also with several
// workers and across retries. The outside probe saw a cancellation overtake its confirmation in 11
// of 22 quick book-then-cancel pairs; a calendar then keeps the cancelled booking.

const bed = useMailTestBed();
let ctx: TestContext;
let smtp: TestSmtpServer;
beforeAll(() => {
  ({ ctx, smtp } = bed);
});
const FROM = 'Que <no-reply@que.local>';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// What the changes so far have written: their follow jobs write the mail (decision 0029).
const outboxOf = async (appointmentId: number) => {
  await changesFollowed(ctx.database);
  return queryRows<{ id: number; kind: string; status: string }>(ctx.database, `select id, kind, status from email_outbox where appointment_id = ${appointmentId} order by id`);
};
/** The kinds of one appointment's messages in the order the SMTP server received them. */
async function receivedKinds(appointmentId: number): Promise<string[]> {
  const rows = await outboxOf(appointmentId);
  const kindOf = new Map(rows.map((r) => [r.id, r.kind]));
  return smtp.received.filter((m) => kindOf.has(m.outboxId)).map((m) => kindOf.get(m.outboxId)!);
}

/** A sender that holds every message until released: a worker caught mid-send. */
function heldSender() {
  const smtpClient = smtpSender(smtp.url);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let sending!: () => void;
  const started = new Promise<void>((resolve) => (sending = resolve));
  const sender: MailSender = {
    async sendMail(message) {
      sending();
      await released;
      return smtpClient.sendMail(message);
    },
  };
  return { sender, started, release, close: () => smtpClient.close() };
}

async function withSender<T>(run: (sender: MailSender) => Promise<T>): Promise<T> {
  const sender = smtpSender(smtp.url);
  try {
    return await run(sender);
  } finally {
    sender.close();
  }
}

async function bookedAppointment(): Promise<{ customer: Client; id: number }> {
  const shop = await serviceBusiness(ctx.app);
  const customer = await signUp(ctx.app);
  const res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '10:00' });
  expect(res.statusCode, res.body).toBe(201);
  return { customer, id: res.json().id as number };
}

const cancel = async (customer: Client, id: number) => expect((await customer.patch(`/api/appointments/${id}`, { status: 'cancelled' })).statusCode).toBe(200);

describe('e-mail of one appointment leaves in the order it was written', () => {
  it('does not send a cancellation while another worker is still sending its confirmation', async () => {
    const { customer, id } = await bookedAppointment();
    const first = heldSender();
    const firstWorker = runDueEmails(ctx.database, first.sender, FROM);
    await first.started;
    // The confirmation is in the first worker's hands; now the customer cancels.
    await cancel(customer, id);
    expect(await withSender((sender) => runDueEmails(ctx.database, sender, FROM))).toBe(0);
    expect(smtp.received).toHaveLength(0);
    first.release();
    // The first worker goes on to the cancellation once its confirmation is sent.
    expect(await firstWorker).toBe(2);
    first.close();
    expect(await receivedKinds(id)).toEqual(['booking_confirmed', 'booking_cancelled']);
  });

  it('holds a cancellation back while its confirmation waits to be retried, then sends both in order', async () => {
    const { customer, id } = await bookedAppointment();
    await cancel(customer, id);
    smtp.refuse(1);
    // The confirmation is refused (451) and waits out its backoff; the cancellation must wait with it.
    expect(await withSender((sender) => runDueEmails(ctx.database, sender, FROM))).toBe(1);
    expect(smtp.received).toHaveLength(0);
    expect((await outboxOf(id)).map((r) => r.status)).toEqual(['pending', 'pending']);
    expect(await withSender((sender) => runDueEmails(ctx.database, sender, FROM))).toBe(0);
    // The confirmation's backoff has passed.
    await makeEmailJobDue(ctx.database, id);
    expect(await withSender((sender) => runDueEmails(ctx.database, sender, FROM))).toBe(2);
    expect(await receivedKinds(id)).toEqual(['booking_confirmed', 'booking_cancelled']);
  });

  it('lets the later messages go once an earlier one has failed for good', async () => {
    const { customer, id } = await bookedAppointment();
    await cancel(customer, id);
    const [confirmation] = await outboxOf(id);
    await ctx.database.db.execute(sql`update email_outbox set status = 'failed' where id = ${confirmation.id}`);
    expect(await withSender((sender) => runDueEmails(ctx.database, sender, FROM))).toBe(1);
    expect(await receivedKinds(id)).toEqual(['booking_cancelled']);
  });

  it('keeps the order in quick book-then-cancel pairs with two workers sending all along', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const date = upcomingWeekday();
    // Two workers whose sends take a few milliseconds each, as a real SMTP round trip does.
    const slow = (sender: ReturnType<typeof smtpSender>): MailSender => ({
      sendMail: async (message) => (await sleep(Math.random() * 20), sender.sendMail(message)),
    });
    const transports = [smtpSender(smtp.url), smtpSender(smtp.url)];
    let running = true;
    const workers = transports.map(async (transport) => {
      while (running) {
        await runDueEmails(ctx.database, slow(transport), FROM);
        // Jitter, not a wait for anything: the workers' rounds fall at varied points among the bookings.
        await sleep(Math.random() * 5);
      }
    });
    const ids: number[] = [];
    try {
      // The probe's 22 pairs on PostgreSQL; PGlite runs one statement at a time, so fewer show as much.
      const pairs = process.env.TEST_DB === 'postgres' ? 22 : 10;
      for (let pair = 0; pair < pairs; pair++) {
        const res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '11:00' });
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json().id as number);
        // Jitter (the subject): a cancel lands at varied points of the workers' sending.
        await sleep(Math.random() * 10);
        await cancel(customer, ids[pair]);
      }
      await expect
        .poll(async () => (await queryRows<{ n: number }>(ctx.database, `select count(*)::int as n from email_outbox where status = 'pending'`))[0].n, { timeout: 20_000 })
        .toBe(0);
    } finally {
      running = false;
      await Promise.all(workers);
      for (const transport of transports) transport.close();
    }
    for (const id of ids) expect(await receivedKinds(id)).toEqual(['booking_confirmed', 'booking_cancelled']);
  });
});
