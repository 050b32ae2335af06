import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { changesFollowed, queryRows, signUp, type TestContext, testConfig } from '../../test/test-app.js';
import { book, restaurant, serviceBusiness, TIME_ZONE, upcomingDay, upcomingWeekday } from '../appointments/test-fixtures.js';
import { creditOffer, grantCredit, swapParties } from '../offers/test-fixtures.js';
import { smtpSender } from './email-worker.js';
import { makeEmailJobDue, runDueEmails, useMailTestBed } from './test-fixtures.js';
import type { TestSmtpServer } from './test-smtp-server.js';

const bed = useMailTestBed();
let ctx: TestContext;
let smtp: TestSmtpServer;
beforeAll(() => {
  ({ ctx, smtp } = bed);
});
const FROM = 'Que <no-reply@que.local>';

interface OutboxRow {
  id: number;
  kind: string;
  to_email: string;
  ics: string;
  ics_uid: string;
  ics_sequence: number;
  status: string;
  attempts: number;
  last_error: string | null;
}
// What the changes so far have written: their follow jobs write the mail (decision 0029).
const outboxOf = async (appointmentId: number) => {
  await changesFollowed(ctx.database);
  return queryRows<OutboxRow>(ctx.database, `select * from email_outbox where appointment_id = ${appointmentId} order by id`);
};

async function sendRound() {
  const sender = smtpSender(smtp.url);
  try {
    return await runDueEmails(ctx.database, sender, FROM);
  } finally {
    sender.close();
  }
}

function parseInvite(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return { method: calendar.getFirstPropertyValue('method'), uid: event.uid, sequence: event.sequence, status: vevent.getFirstPropertyValue('status'), start: event.startDate, end: event.endDate };
}

const localClock = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
const offsetOn = (date: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'shortOffset' }).formatToParts(new Date(`${date}T17:00:00Z`)).find((p) => p.type === 'timeZoneName')!.value;

/** The first local date, at least 3 days ahead, on which the business's clocks have just changed. */
function dayAfterNextClockChange(): string {
  for (let ahead = 3; ahead < 360; ahead++) if (offsetOn(upcomingDay(ahead)) !== offsetOn(upcomingDay(ahead - 1))) return upcomingDay(ahead);
  throw new Error('no daylight-saving change within a year');
}

describe('booking e-mail with a calendar invite', () => {
  it('gives the local time in the business zone on both sides of a daylight-saving change', async () => {
    const dining = await restaurant(ctx.app);
    const guest = await signUp(ctx.app);
    const after = dayAfterNextClockChange();
    const before = upcomingDay(daysUntil(after) - 1);
    const ids: number[] = [];
    for (const date of [before, after]) {
      const res = await book(guest, { businessId: dining.businessId, serviceId: dining.serviceId, date, time: '19:00', partySize: 2 });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    expect(offsetOn(before)).not.toBe(offsetOn(after));
    expect(await sendRound()).toBe(2);
    expect(smtp.received).toHaveLength(2);
    for (const [i, date] of [before, after].entries()) {
      const [row] = await outboxOf(ids[i]);
      expect(row).toMatchObject({ kind: 'booking_confirmed', status: 'sent', to_email: 'pat@example.com' });
      const invite = parseInvite(row.ics);
      expect(invite).toMatchObject({ method: 'REQUEST', uid: `appointment-${ids[i]}@que`, sequence: 0, status: 'CONFIRMED' });
      expect(invite.start.zone?.tzid).toBe(TIME_ZONE);
      expect([invite.start.hour, invite.start.minute]).toEqual([19, 0]);
      // The instant, read through the invite's own VTIMEZONE, is 19:00 on that day in New York.
      expect(localClock(invite.start.toJSDate(), TIME_ZONE)).toBe(`${date}, 19:00`);
      const mail = smtp.received.find((m) => m.outboxId === row.id)!;
      expect(mail.to).toEqual(['pat@example.com']);
      expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    }
  });

  it('sends one message per change: a reschedule keeps the UID with a higher SEQUENCE, a cancellation is METHOD:CANCEL', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const id = (await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '10:00' })).json().id as number;
    expect((await customer.patch(`/api/appointments/${id}`, { date: upcomingWeekday(3), time: '11:30' })).statusCode).toBe(200);
    expect((await shop.owner.patch(`/api/appointments/${id}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await sendRound()).toBe(3);
    const rows = await outboxOf(id);
    expect(rows.map((r) => [r.kind, r.ics_sequence, r.status])).toEqual([
      ['booking_confirmed', 0, 'sent'],
      ['booking_rescheduled', 1, 'sent'],
      ['booking_cancelled', 2, 'sent'],
    ]);
    const [booked, moved, cancelled] = rows.map((r) => parseInvite(r.ics));
    expect(moved).toMatchObject({ method: 'REQUEST', uid: booked.uid, sequence: 1 });
    expect([moved.start.hour, moved.start.minute, moved.end.hour, moved.end.minute]).toEqual([11, 30, 12, 0]);
    expect(cancelled).toMatchObject({ method: 'CANCEL', uid: booked.uid, sequence: 2, status: 'CANCELLED' });
    expect(smtp.received.map((m) => m.outboxId).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(smtp.received.find((m) => m.outboxId === rows[2].id)!.raw).toMatch(/method=CANCEL/i);
  });

  it('updates both calendars when an offer swaps two appointments', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 5000);
    const offer = (await creditOffer(p, 10)).json();
    expect((await p.payee.post(`/api/queue-jump-offers/${offer.id}/accept`, {})).statusCode).toBe(200);
    // the two bookings and the two updates; the worker renders each invite as it sends it
    expect(await sendRound()).toBe(4);
    for (const [id, time] of [[p.payerAppointmentId, '09:00'], [p.payeeAppointmentId, '15:00']] as const) {
      const rows = await outboxOf(id);
      expect(rows.map((r) => r.kind)).toEqual(['booking_confirmed', 'booking_swapped']);
      const invite = parseInvite(rows[1].ics);
      expect(invite).toMatchObject({ method: 'REQUEST', uid: `appointment-${id}@que`, sequence: 1 });
      expect(`${String(invite.start.hour).padStart(2, '0')}:${String(invite.start.minute).padStart(2, '0')}`).toBe(time);
    }
  });

  it('retries with backoff after the server refuses once, and sends once', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const id = (await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '13:00' })).json().id as number;
    smtp.refuse(1);
    await sendRound();
    const [waiting] = await outboxOf(id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.last_error).toMatch(/451/);
    // The appointment's next job waits out the backoff (30 s after a first refusal).
    const [due] = await queryRows<{ later: boolean }>(ctx.database, `select run_at > now() + interval '20 seconds' as later from graphile_worker._private_jobs where key = 'email:appointment:${id}'`);
    expect(due.later).toBe(true);
    expect(await sendRound()).toBe(0);
    await makeEmailJobDue(ctx.database, id);
    expect(await sendRound()).toBe(1);
    expect(await outboxOf(id)).toEqual([expect.objectContaining({ status: 'sent', attempts: 2, last_error: null })]);
    expect(smtp.received.filter((m) => m.outboxId === waiting.id)).toHaveLength(1);
  });

  it('sends from an app started with SMTP_URL, and a restarted app does not send it again', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const id = (await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '14:00' })).json().id as number;
    const config = testConfig({ PAYMENT_WORKER: false, OFFER_SWEEPS: false, SMTP_URL: smtp.url });
    const first = await buildApp({ config, database: ctx.database, logger: false, serveWeb: false });
    await first.ready();
    await expect.poll(async () => (await outboxOf(id))[0].status, { timeout: 10_000 }).toBe('sent');
    await first.close();
    const second = await buildApp({ config, database: ctx.database, logger: false, serveWeb: false });
    await second.ready();
    // A booking made now is sent by the restarted app: once it has been, its worker has had its turns
    // at the outbox, and the first message would have gone out again by then (not a fixed 2.5 s wait).
    const later = (await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '15:00' })).json().id as number;
    await expect.poll(async () => (await outboxOf(later))[0].status, { timeout: 10_000 }).toBe('sent');
    await second.close();
    const [firstMail, laterMail] = [(await outboxOf(id))[0].id, (await outboxOf(later))[0].id];
    expect(smtp.received.map((m) => m.outboxId).sort()).toEqual([firstMail, laterMail].sort());
  });

  it('sends each message once when two workers race', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const date = upcomingWeekday();
    for (const time of ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30']) {
      expect((await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time })).statusCode).toBe(201);
    }
    // Sends that take an SMTP round trip (simulated: 15 ms), so the two workers' rounds overlap.
    const slow = () => {
      const sender = smtpSender(smtp.url);
      return { sendMail: async (m: Parameters<typeof sender.sendMail>[0]) => (await new Promise((r) => setTimeout(r, 15)), sender.sendMail(m)), close: () => sender.close() };
    };
    const [a, b] = [slow(), slow()];
    const sent = await Promise.all([runDueEmails(ctx.database, a, FROM), runDueEmails(ctx.database, b, FROM)]);
    a.close();
    b.close();
    expect(sent[0] + sent[1]).toBe(8);
    const ids = smtp.received.map((m) => m.outboxId);
    expect(new Set(ids).size).toBe(8);
    expect(ids).toHaveLength(8);
  });
});

function daysUntil(date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${upcomingDay(0)}T00:00:00Z`)) / 86_400_000);
}
