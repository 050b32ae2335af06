import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsDone, runJobsNow } from '../../jobs/jobs-test-support.js';
import { changesFollowed, createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { creditOffer, grantCredit, swapParties } from '../offers/test-fixtures.js';
import { reminderJobs, reminderLinkKey, SEND_REMINDER } from './index.js';
import { remindersDueNow, sendJobDueNow } from './test-fixtures.js';

// Reminders (DESIGN section 11, docs/decisions/0031-reminders.md) through the API, with the app's own
// job runner: the rules, planning from the change log, re-plan, drop, the due-at-booking rule, sent
// once, and the signed links. Times are the app's clock (ctx.clock) and the jobs' run_at, never the
// real clock's hour: appointments are days ahead, and a test makes a reminder due by moving its run_at.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx?.close());

type Shop = Awaited<ReturnType<typeof serviceBusiness>>;
interface Reminder { offsetMinutes: number; status: string; date: string; time: string; dueAt: string; reason: string | null }

async function bookAt(shop: Shop, date: string, time = '10:00') {
  const customer = await signUp(ctx.app);
  const res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time });
  expect(res.statusCode, res.body).toBe(201);
  return { customer, id: res.json().id as number };
}

async function remindersOf(shop: Shop, id: number): Promise<Reminder[]> {
  await changesFollowed(ctx.database);
  await jobsDone(ctx.database, [SEND_REMINDER]);
  const res = await shop.owner.get(`/api/appointments/${id}/reminders`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().reminders;
}

/** The reminders' one send job (decision 0038): when it runs next, if it waits. */
const dueJob = async () =>
  (await queryRows<{ run_at: Date }>(ctx.database, `select run_at from graphile_worker._private_jobs where key = 'reminders:due' and locked_at is null`)).map((j) => new Date(j.run_at).toISOString());
/** The first planned reminder's due time, of every appointment in the database. */
const firstPlanned = async () =>
  (await queryRows<{ due_at: Date }>(ctx.database, `select min(due_at) as due_at from reminders where status = 'planned'`)).map((r) => (r.due_at ? new Date(r.due_at).toISOString() : null))[0];

/** Makes the appointment's planned reminders due now (their time has come) and waits for the runner. */
async function makeDue(id: number, offset?: number) {
  await remindersDueNow(ctx.database, `appointment_id = ${id} ${offset ? `and offset_minutes = ${offset}` : ''}`);
  await jobsDone(ctx.database, [SEND_REMINDER]);
}

const reminderMail = (id: number) => queryRows<{ id: number; subject: string; text: string }>(ctx.database, `select id, subject, text from email_outbox where appointment_id = ${id} and kind = 'reminder' order by id`);
const startOf = async (id: number) =>
  new Date((await queryRows<{ at: string }>(ctx.database, `select que_instant(a.starts_at, b.time_zone) as at from appointments a join businesses b on b.id = a.business_id where a.id = ${id}`))[0].at);

describe("the business's reminder rules", () => {
  it('are 24 h and 2 h e-mails until the owner replaces the list, which only the owner may read or change', async () => {
    const shop = await serviceBusiness(ctx.app);
    const url = `/api/businesses/${shop.businessId}/reminders`;
    expect((await shop.owner.get(url)).json()).toEqual([
      { offsetMinutes: 1440, channel: 'email', active: true },
      { offsetMinutes: 120, channel: 'email', active: true },
    ]);
    const list = [{ offsetMinutes: 2880, channel: 'email', active: true }, { offsetMinutes: 60, channel: 'email', active: false }];
    const put = await shop.owner.put(url, list);
    expect(put.statusCode, put.body).toBe(200);
    expect((await shop.owner.get(url)).json()).toEqual(list);
    const stranger = await signUp(ctx.app, 'business');
    expect((await stranger.get(url)).statusCode).toBe(403);
    expect((await stranger.put(url, [])).statusCode).toBe(403);
  });

  it('refuses a list it cannot keep with a 400 naming the problem', async () => {
    const shop = await serviceBusiness(ctx.app);
    const url = `/api/businesses/${shop.businessId}/reminders`;
    const cases: [unknown, RegExp][] = [
      [[{ offsetMinutes: 60, channel: 'email', active: true }, { offsetMinutes: 60, channel: 'email', active: false }], /only once/],
      [[{ offsetMinutes: 60, channel: 'sms', active: true }], /channel/],
      [[{ offsetMinutes: 0, channel: 'email', active: true }], /offsetMinutes/],
      [[{ offsetMinutes: 1.5, channel: 'email', active: true }], /offsetMinutes/],
      [[{ offsetMinutes: 60, channel: 'email' }], /active/],
      [{ offsetMinutes: 60 }, /array/i],
    ];
    for (const [body, message] of cases) {
      const res = await shop.owner.put(url, body as object);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });
});

describe('planning from the change log', () => {
  it("keeps one send job for every reminder, due with the first planned one, with ten attempts; the booking's e-mail waits behind every other job", async () => {
    // Added without graphile-worker's add_jobs (issue 28: 1 ms of the database's CPU a call) but as it
    // adds them: max_attempts 10 for the reminders' job, and the e-mail's send job at priority 1, so a runner
    // looking for its next job does not walk the e-mails waiting on a slow or absent SMTP server.
    const shop = await serviceBusiness(ctx.app);
    const { id } = await bookAt(shop, upcomingWeekday(3));
    await remindersOf(shop, id);
    const { id: second } = await bookAt(shop, upcomingWeekday(2));
    await remindersOf(shop, second);
    const jobs = await queryRows<{ task: string; key: string; priority: number; max_attempts: number }>(ctx.database,
      `select t.identifier as task, j.key, j.priority, j.max_attempts from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = 'reminders_send' or j.key = 'email:appointment:${id}' order by j.key`);
    expect(jobs).toEqual([
      { task: 'email_send_appointment', key: `email:appointment:${id}`, priority: 1, max_attempts: 25 },
      { task: 'reminders_send', key: 'reminders:due', priority: 0, max_attempts: 10 },
    ]);
    // due no later than the first planned reminder (the second booking's 24 h one, or an earlier one's)
    const [at] = await dueJob();
    expect(at <= (await firstPlanned())!).toBe(true);
  });

  it('plans each active rule as a job at its due time, re-plans on a reschedule and drops them on a cancel', async () => {
    const shop = await serviceBusiness(ctx.app);
    const date = upcomingWeekday(3);
    const { customer, id } = await bookAt(shop, date);
    const start = await startOf(id);
    const planned = await remindersOf(shop, id);
    expect(planned.map((r) => [r.offsetMinutes, r.status, r.dueAt])).toEqual([
      [1440, 'planned', new Date(start.getTime() - 1440 * 60_000).toISOString()],
      [120, 'planned', new Date(start.getTime() - 120 * 60_000).toISOString()],
    ]);
    // the one send job is due by this appointment's first reminder (or an earlier one of another)
    expect((await dueJob())[0] <= planned[0].dueAt).toBe(true);

    const later = upcomingWeekday(4);
    expect((await customer.patch(`/api/appointments/${id}`, { date: later, time: '11:00' })).statusCode).toBe(200);
    const moved = await remindersOf(shop, id);
    const newStart = await startOf(id);
    expect(moved.filter((r) => r.status === 'planned').map((r) => [r.date, r.time, r.dueAt])).toEqual([
      [later, '11:00', new Date(newStart.getTime() - 1440 * 60_000).toISOString()],
      [later, '11:00', new Date(newStart.getTime() - 120 * 60_000).toISOString()],
    ]);
    expect(moved.filter((r) => r.status === 'cancelled').map((r) => [r.date, r.reason])).toEqual([[date, 'the appointment moved'], [date, 'the appointment moved']]);
    // The job run now (nothing due) sends nothing and waits for the first planned reminder.
    await sendJobDueNow(ctx.database);
    await jobsDone(ctx.database, [SEND_REMINDER]);
    expect(await dueJob()).toEqual([await firstPlanned()]);
    expect(await reminderMail(id)).toEqual([]);

    expect((await customer.patch(`/api/appointments/${id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const dropped = await remindersOf(shop, id);
    expect(dropped.every((r) => r.status === 'cancelled')).toBe(true);
    // its cancelled reminders made due: the send job passes over them
    await ctx.database.db.execute(`update reminders set due_at = now() where appointment_id = ${id}`);
    await makeDue(id);
    expect(await reminderMail(id)).toEqual([]);
  });

  it('re-plans both appointments of a swap for their new times', async () => {
    const p = await swapParties(ctx.app);
    // Both bookings' reminders planned before the swap, as a day's bookings are: followed after the
    // swap, a booking's change plans its new time at once and nothing is left to cancel (CI, 2026-12-06).
    await changesFollowed(ctx.database);
    await grantCredit(ctx.database, p.payer.user.id, 5000);
    const offer = (await creditOffer(p, 10)).json();
    expect((await p.payee.post(`/api/queue-jump-offers/${offer.id}/accept`, {})).statusCode).toBe(200);
    for (const [id, from, to] of [[p.payerAppointmentId, '15:00', '09:00'], [p.payeeAppointmentId, '09:00', '15:00']] as const) {
      const list = await remindersOf(p, id);
      expect(list.filter((r) => r.status === 'planned').map((r) => [r.offsetMinutes, r.time])).toEqual([[1440, to], [120, to]]);
      expect(list.filter((r) => r.status === 'cancelled').map((r) => [r.offsetMinutes, r.time])).toEqual([[1440, from], [120, from]]);
      const start = await startOf(id);
      expect(list.filter((r) => r.status === 'planned').map((r) => new Date(r.dueAt).getTime())).toEqual([start.getTime() - 1440 * 60_000, start.getTime() - 120 * 60_000]);
    }
  });

  it('uses the rules in force when booked: inactive ones are not planned', async () => {
    const shop = await serviceBusiness(ctx.app);
    await shop.owner.put(`/api/businesses/${shop.businessId}/reminders`, [{ offsetMinutes: 60, channel: 'email', active: true }, { offsetMinutes: 1440, channel: 'email', active: false }]);
    const { id } = await bookAt(shop, upcomingWeekday(3));
    expect((await remindersOf(shop, id)).map((r) => [r.offsetMinutes, r.status])).toEqual([[60, 'planned']]);
  });

  it('sends a reminder already due at booking at once when the start is 30 minutes or more away, else skips it', async () => {
    const shop = await serviceBusiness(ctx.app);
    const date = upcomingWeekday(3);
    try {
      // Booked 3 hours before the start (by the app's clock): the 24 h one is due already, the 2 h one is not.
      ctx.clock.set(new Date(instantAt(date, '10:00').getTime() - 3 * 3600_000));
      const early = await bookAt(shop, date, '10:00');
      const first = await remindersOf(shop, early.id);
      expect(first.map((r) => [r.offsetMinutes, r.status])).toEqual([[1440, 'sent'], [120, 'planned']]);
      expect(first[0].reason).toMatch(/sent at once/);
      expect(await reminderMail(early.id)).toHaveLength(1);

      // Booked 20 minutes before the start: both are due, and too close to send.
      ctx.clock.set(new Date(instantAt(date, '11:00').getTime() - 20 * 60_000));
      const late = await bookAt(shop, date, '11:00');
      const second = await remindersOf(shop, late.id);
      expect(second.map((r) => [r.offsetMinutes, r.status])).toEqual([[1440, 'skipped'], [120, 'skipped']]);
      expect(second[0].reason).toMatch(/less than 30 minutes/);
      expect(await reminderMail(late.id)).toEqual([]);
    } finally {
      ctx.clock.reset();
    }
  });

  // Appointments start at business time: the instant of a local date and time in the test zone.
  function instantAt(date: string, time: string): Date {
    return instants.get(`${date} ${time}`)!;
  }
  const instants = new Map<string, Date>();
  beforeAll(async () => {
    const date = upcomingWeekday(3);
    for (const time of ['10:00', '11:00']) {
      const [row] = await queryRows<{ at: string }>(ctx.database, `select que_instant('${date} ${time}'::timestamp, 'America/New_York') as at`);
      instants.set(`${date} ${time}`, new Date(row.at));
    }
  });
});

describe('sending', () => {
  it('sends each reminder once, at its due time, with two more runners and a duplicate job racing for it', async () => {
    const shop = await serviceBusiness(ctx.app);
    const booked = await Promise.all([0, 1, 2].map((i) => bookAt(shop, upcomingWeekday(3), `${10 + i}:00`)));
    await changesFollowed(ctx.database);
    // Their reminders due now, and a second and third job beside the keyed one, as a runner that took
    // a job twice (a kill, a stolen lock) would have.
    await ctx.database.db.execute(`update reminders set due_at = now() where appointment_id in (${booked.map((b) => b.id).join(', ')})`);
    await ctx.database.db.execute(`select graphile_worker.add_job('reminders_send', '{}'::json, run_at => now()) from generate_series(1, 2)`);
    await sendJobDueNow(ctx.database);
    const key = reminderLinkKey(undefined, ctx.app.config.SESSION_SECRET!);
    await runJobsNow(ctx.database, reminderJobs(ctx.database.db, { linkKey: key, publicUrl: ctx.app.config.PUBLIC_URL, now: ctx.clock.now }), { runners: 2, concurrency: 2 });
    for (const { id } of booked) {
      expect((await remindersOf(shop, id)).map((r) => r.status)).toEqual(['sent', 'sent']);
      const mail = await reminderMail(id);
      expect(mail).toHaveLength(2);
      expect(mail[0].subject).toMatch(/^Reminder: Checkup at /);
      expect(mail.map((m) => /appointment is in (.*)\./.exec(m.text)?.[1]).sort()).toEqual(['1 day', '2 hours']);
    }
  });

  it('skips a reminder whose start passed before a runner took it', async () => {
    const shop = await serviceBusiness(ctx.app);
    const { id } = await bookAt(shop, upcomingWeekday(3));
    await remindersOf(shop, id);
    ctx.clock.set(new Date((await startOf(id)).getTime() + 60_000));
    try {
      await makeDue(id, 120);
    } finally {
      ctx.clock.reset();
    }
    const twoHours = (await remindersOf(shop, id)).find((r) => r.offsetMinutes === 120);
    expect(twoHours).toMatchObject({ status: 'skipped', reason: 'the start had passed before it could be sent' });
    expect(await reminderMail(id)).toEqual([]);
  });
});
