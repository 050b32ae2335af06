import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsDone } from '../../jobs/jobs-test-support.js';
import { changesFollowed, createTestApp, queryRows, signUp, TestClient, type TestContext } from '../../test/test-app.js';
import { book, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { SEND_REMINDER } from './index.js';
import { remindersDueNow } from './test-fixtures.js';

// The signed single-purpose links of reminder e-mails (DESIGN section 11), taken from the e-mail the
// send job wrote and used without signing in: valid, used twice, tampered with, expired, moved,
// cancel past the cut-off, reschedule.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx?.close());

type Shop = Awaited<ReturnType<typeof serviceBusiness>>;

/** A booking whose 24 h reminder has been sent: its links, as the e-mail's text carries them. */
async function remindedBooking(shop: Shop, date = upcomingWeekday(3), time = '10:00') {
  const customer = await signUp(ctx.app);
  const res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  await changesFollowed(ctx.database);
  await remindersDueNow(ctx.database, `appointment_id = ${id} and offset_minutes = 1440`);
  await jobsDone(ctx.database, [SEND_REMINDER]);
  const [mail] = await queryRows<{ text: string }>(ctx.database, `select text from email_outbox where appointment_id = ${id} and kind = 'reminder'`);
  const link = (word: string) => new RegExp(`${word}: (\\S+)`).exec(mail.text)![1];
  const links = { confirm: link('Confirm'), cancel: link('Cancel'), reschedule: link('Reschedule') };
  for (const url of Object.values(links)) expect(url).toMatch(new RegExp(`^${ctx.app.config.PUBLIC_URL}/reminder-link/${id}\\.`));
  return { id, customer, links, token: (url: string) => url.split('/reminder-link/')[1] };
}

const anonymous = () => new TestClient(ctx.app);
const read = (token: string) => anonymous().get(`/api/reminder-links/${token}`);
const use = (token: string) => anonymous().post(`/api/reminder-links/${token}`);
const statusOf = async (id: number) => (await queryRows<{ status: string; customer_confirmed_at: Date | null }>(ctx.database, `select status, customer_confirmed_at from appointments where id = ${id}`))[0];

describe('a confirm link', () => {
  it('confirms attendance once without signing in, and the owner sees it; used again it changes nothing', async () => {
    const shop = await serviceBusiness(ctx.app);
    const { id, links, token } = await remindedBooking(shop);
    const t = token(links.confirm);
    expect((await read(t)).json()).toMatchObject({ state: 'ready', purpose: 'confirm', appointment: { id, status: 'confirmed', customerConfirmedAt: null } });
    const used = await use(t);
    expect(used.statusCode, used.body).toBe(200);
    const confirmedAt = used.json().appointment.customerConfirmedAt;
    expect(confirmedAt).toEqual(expect.any(String));
    const day = (await shop.owner.get(`/api/appointments?businessId=${shop.businessId}&date=${upcomingWeekday(3)}`)).json() as { id: number; customerConfirmedAt: string | null }[];
    expect(day.find((a) => a.id === id)?.customerConfirmedAt).toBe(confirmedAt);
    expect((await shop.owner.get(`/api/appointments/${id}/reminders`)).json().customerConfirmedAt).toBe(confirmedAt);

    const again = await use(t);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'LINK_USED', message: expect.stringMatching(/used already/) });
    expect((await read(t)).json().state).toBe('used');
    expect(new Date((await statusOf(id)).customer_confirmed_at!).toISOString()).toBe(confirmedAt);
  });

  it('tampered with (another id, purpose, expiry or signature) is refused as invalid and says nothing of the appointment', async () => {
    const shop = await serviceBusiness(ctx.app);
    const { id, links, token } = await remindedBooking(shop);
    const [, purpose, expires, signature] = token(links.confirm).split('.');
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    for (const bad of [
      `${id + 1}.${purpose}.${expires}.${signature}`,
      `${id}.cancel.${expires}.${signature}`,
      `${id}.${purpose}.${Number(expires) + 86_400}.${signature}`,
      `${id}.${purpose}.${expires}.${flipped}`,
      `${id}.${purpose}.${expires}`,
      'not-a-token',
    ]) {
      expect((await read(bad)).json(), bad).toEqual({ state: 'invalid', purpose: null, appointment: null });
      const res = await use(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('LINK_INVALID');
    }
    expect(await statusOf(id)).toMatchObject({ status: 'confirmed', customer_confirmed_at: null });
  });

  it('expires at the start, and when the appointment moves to another time', async () => {
    const shop = await serviceBusiness(ctx.app);
    const first = await remindedBooking(shop);
    const [{ at }] = await queryRows<{ at: string }>(ctx.database,
      `select que_instant(a.starts_at, b.time_zone) as at from appointments a join businesses b on b.id = a.business_id where a.id = ${first.id}`);
    ctx.clock.set(at);
    try {
      expect((await read(first.token(first.links.confirm))).json().state).toBe('expired');
      const res = await use(first.token(first.links.confirm));
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe('LINK_EXPIRED');
    } finally {
      ctx.clock.reset();
    }
    expect((await statusOf(first.id)).customer_confirmed_at).toBeNull();

    const second = await remindedBooking(shop, upcomingWeekday(3), '11:00');
    // The weekday after, never the same day: upcomingWeekday(4) is upcomingWeekday(3)'s Monday when run on
    // a Wednesday or a Thursday, and the "move" then kept its time (a fake clock of a Wednesday found it).
    expect((await second.customer.patch(`/api/appointments/${second.id}`, { date: upcomingWeekday(3, 1), time: '11:00' })).statusCode).toBe(200);
    expect((await use(second.token(second.links.confirm))).statusCode).toBe(410);
    expect((await use(second.token(second.links.cancel))).statusCode).toBe(410);
    expect(await statusOf(second.id)).toMatchObject({ status: 'confirmed', customer_confirmed_at: null });
  });
});

describe('a cancel link', () => {
  it('cancels as the customer would, and drops the reminders left; the confirm link then changes nothing', async () => {
    const shop = await serviceBusiness(ctx.app);
    const { id, links, token } = await remindedBooking(shop);
    const res = await use(token(links.cancel));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'used', purpose: 'cancel', appointment: { status: 'cancelled' } });
    expect((await statusOf(id)).status).toBe('cancelled');
    const reminders = (await shop.owner.get(`/api/appointments/${id}/reminders`)).json().reminders as { offsetMinutes: number; status: string }[];
    expect(reminders.map((r) => [r.offsetMinutes, r.status])).toEqual([[1440, 'sent'], [120, 'cancelled']]);
    expect((await read(token(links.confirm))).json().state).toBe('closed');
    const confirm = await use(token(links.confirm));
    expect(confirm.statusCode).toBe(409);
    expect((await use(token(links.cancel))).json().code).toBe('LINK_USED');
  });

  it('obeys the cancel cut-off it was booked under: refused, nothing changed, the link still unused', async () => {
    const shop = await serviceBusiness(ctx.app);
    // 30 days: an appointment a few days ahead is inside it.
    expect((await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { cancelCutoffMinutes: 43_200 } })).statusCode).toBe(200);
    const { id, links, token } = await remindedBooking(shop);
    const res = await use(token(links.cancel));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CANCEL_WINDOW_CLOSED', message: expect.stringMatching(/contact the business/) });
    expect((await statusOf(id)).status).toBe('confirmed');
    expect((await read(token(links.cancel))).json().state).toBe('ready');
  });
});

describe('a reschedule link', () => {
  it('opens the reschedule flow: readable without signing in, it changes nothing by itself', async () => {
    const shop = await serviceBusiness(ctx.app);
    const { id, links, token } = await remindedBooking(shop);
    expect((await read(token(links.reschedule))).json()).toMatchObject({ state: 'ready', purpose: 'reschedule', appointment: { id } });
    const res = await use(token(links.reschedule));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/reschedule screen/);
  });
});
