import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BusinessPolicies, defaultPolicies, policySentences } from '../../../contract/policies.js';
import { changesFollowed, createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, serviceBusiness, upcomingWeekday } from './test-fixtures.js';

// The confirmation e-mail states the policies the booking was made under (DESIGN section 9), in the
// words the booking screen used (policySentences): que_policy_sentences in SQL, held to it here.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const cases: Partial<BusinessPolicies>[] = [
  {},
  { minNoticeMinutes: 120, cancelCutoffMinutes: 1440 },
  { minNoticeMinutes: 45, cancelCutoffMinutes: 2880, rescheduleCutoffMinutes: 90, maxActivePerCustomer: 1 },
  { minNoticeMinutes: 2160, cancelCutoffMinutes: 0, rescheduleCutoffMinutes: 4320, maxActivePerCustomer: 3 },
];

describe('policy sentences', () => {
  it('are the same words in the database as on the booking screen', async () => {
    for (const over of cases) {
      const policies = { ...defaultPolicies('service'), ...over };
      const [row] = await queryRows<{ lines: string[] }>(ctx.database, `select que_policy_sentences('${JSON.stringify(policies)}'::jsonb) as lines`);
      expect(row.lines, JSON.stringify(over)).toEqual(policySentences(policies));
    }
  });

  it('close the confirmation e-mail, as booked, and a booking from before policies states none', async () => {
    const shop = await serviceBusiness(ctx.app, { name: 'Cleaning' }, { businessName: 'Bright Dental' });
    expect((await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { cancelCutoffMinutes: 1440, rescheduleCutoffMinutes: 120 } })).statusCode).toBe(200);
    const ann = await signUp(ctx.app);
    const booked = await book(ann, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(3), time: '10:00' });
    expect(booked.statusCode, booked.body).toBe(201);
    await changesFollowed(ctx.database);
    const [mail] = await queryRows<{ text: string }>(ctx.database, `select text from email_outbox where appointment_id = ${booked.json().id} and kind = 'booking_confirmed'`);
    expect(mail.text).toContain('\n\nBooked under these policies:\n- Free cancellation until 24 h before\n- Rescheduling until 2 h before\n\nThe attached invite');

    // A cancel cut-off alone closes rescheduling too (DESIGN section 9), and the e-mail says so.
    expect((await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { rescheduleCutoffMinutes: null } })).statusCode).toBe(200);
    const cancelOnly = await book(ann, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(3), time: '14:00' });
    expect(cancelOnly.statusCode, cancelOnly.body).toBe(201);
    await changesFollowed(ctx.database);
    const [cancelOnlyMail] = await queryRows<{ text: string }>(ctx.database, `select text from email_outbox where appointment_id = ${cancelOnly.json().id} and kind = 'booking_confirmed'`);
    expect(cancelOnlyMail.text).toContain('\n\nBooked under these policies:\n- Free cancellation until 24 h before\n- Rescheduling until 24 h before\n\nThe attached invite');
    expect(cancelOnly.json()).toMatchObject({ cancelCutoffMinutes: 1440, rescheduleCutoffMinutes: 1440 });

    await queryRows(ctx.database, `update appointments set booked_policies = null where id = ${booked.json().id}`);
    expect((await ann.patch(`/api/appointments/${booked.json().id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const again = await book(ann, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(3), time: '11:00' });
    await queryRows(ctx.database, `update appointments set booked_policies = null where id = ${again.json().id}`);
    expect((await ann.patch(`/api/appointments/${again.json().id}`, { date: upcomingWeekday(3), time: '12:00' })).statusCode).toBe(200);
    await changesFollowed(ctx.database);
    const [moved] = await queryRows<{ text: string }>(ctx.database, `select text from email_outbox where appointment_id = ${again.json().id} and kind = 'booking_rescheduled'`);
    expect(moved.text).not.toContain('policies');
  });
});
