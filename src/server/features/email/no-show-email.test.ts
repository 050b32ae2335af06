import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { serviceBusiness } from '../appointments/test-fixtures.js';
import { book, bookWithDeposit, customerWithCard, shopWithPolicy, startOf, upcomingWeekday } from '../deposits/test-fixtures.js';

// A no-show's message (DESIGN section 11): the customer is told in the bell and by e-mail (the
// change 'no_show' followed like the other e-mails) what the business kept or charged: the deposit,
// the no-show fee on the card ending NNNN, or nothing.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx.close());
afterEach(() => ctx.clock.reset());

const MINUTE = 60_000;
type Client = Awaited<ReturnType<typeof signUp>>;

/** Marks the appointment at `time` on `date` a no-show, 20 minutes after its start; returns the customer's e-mail and notice. */
async function markMissed(owner: Client, customer: Client, id: number, date: string, time: string) {
  ctx.clock.set(startOf(date, time) + 20 * MINUTE);
  const res = await owner.post(`/api/appointments/${id}/no-show`);
  expect(res.statusCode, res.body).toBe(200);
  const { notifications } = (await customer.get('/api/notifications')).json() as { notifications: { kind: string; body: string }[] };
  const mail = await queryRows<{ kind: string; subject: string; text: string; to_email: string }>(ctx.database,
    `select kind, subject, text, to_email from email_outbox where appointment_id = ${id} and kind = 'no_show'`);
  expect(mail).toHaveLength(1);
  return { mail: mail[0], notice: notifications.find((n) => n.kind === 'booking_no_show')! };
}

describe('the no-show message', () => {
  it('says the deposit was kept', async () => {
    const shop = await shopWithPolicy(ctx.app, { paymentPolicy: 'deposit', depositCents: 2000 });
    const date = upcomingWeekday(3);
    const { customer, res } = await bookWithDeposit(ctx.app, shop, date, '13:00');
    const { mail, notice } = await markMissed(shop.owner, customer, res.json().id, date, '13:00');
    expect(mail.subject).toBe('Missed visit: Checkup at ' + (await shopName(shop.businessId)));
    expect(mail.to_email).toBe('pat@example.com');
    expect(mail.text).toContain('marked your visit as missed');
    expect(mail.text).toContain('The business kept your deposit of $20.00.');
    expect(notice.body).toContain('The business kept your deposit of $20.00.');
  });

  it('says the no-show fee was charged to the card ending 4242', async () => {
    const shop = await shopWithPolicy(ctx.app, { paymentPolicy: 'card_on_file', noShowFeeCents: 1500, lateCancelFeeCents: 1000 });
    const date = upcomingWeekday(4);
    const { customer, paymentMethodId } = await customerWithCard(ctx.app);
    const booked = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00', paymentMethodId });
    expect(booked.statusCode, booked.body).toBe(201);
    const { mail, notice } = await markMissed(shop.owner, customer, booked.json().id, date, '09:00');
    expect(mail.text).toContain('A no-show fee of $15.00 was charged to your card ending 4242.');
    expect(notice.body).toContain('A no-show fee of $15.00 was charged to your card ending 4242.');
  });

  it('says nothing was kept or charged when the service takes no payment', async () => {
    const shop = await serviceBusiness(ctx.app);
    const date = upcomingWeekday(3);
    const customer = await signUp(ctx.app);
    const booked = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' });
    expect(booked.statusCode, booked.body).toBe(201);
    const { mail, notice } = await markMissed(shop.owner, customer, booked.json().id, date, '10:00');
    expect(mail.text).toContain('Nothing was kept or charged.');
    expect(notice.body).toMatch(/as missed\. Nothing was kept or charged\.$/);
  });
});

async function shopName(businessId: number) {
  const [row] = await queryRows<{ business_name: string }>(ctx.database, `select business_name from businesses where id = ${businessId}`);
  return row.business_name;
}
