import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { changesFollowed, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, contact, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { smtpSender } from './email-worker.js';
import { runDueEmails, useMailTestBed } from './test-fixtures.js';
import type { TestSmtpServer } from './test-smtp-server.js';

// DESIGN section 7: names are single-line wherever they are printed. A name sent with a line break
// or tab is put on one line by the request schemas (src/contract/text.ts), so the e-mail's subject
// and text and the invite's SUMMARY and CN get one line each; multi-line fields keep their lines.

const bed = useMailTestBed();
let ctx: TestContext;
let smtp: TestSmtpServer;
beforeAll(() => {
  ({ ctx, smtp } = bed);
});

async function sendRound() {
  const sender = smtpSender(smtp.url);
  try {
    return await runDueEmails(ctx.database, sender, 'Que <no-reply@que.local>');
  } finally {
    sender.close();
  }
}

interface OutboxRow {
  id: number;
  subject: string;
  text: string;
  ics: string;
}
const outboxOf = (appointmentId: number) => queryRows<OutboxRow>(ctx.database, `select id, subject, text, ics from email_outbox where appointment_id = ${appointmentId} order by id`);

/** RFC 2047 Q-encoded words (=?UTF-8?Q?…?=), as nodemailer writes a subject with separators, decoded. */
const decodeWords = (value: string) =>
  value.replace(/=\?UTF-8\?Q\?([^?]*)\?=\s*/gi, (_word, text: string) =>
    Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_hex, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );

/** The header names of a received message, and its Subject unfolded and decoded. */
function headersOf(raw: string) {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).split('\r\n');
  const names = head.filter((line) => !/^\s/.test(line)).map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
  const subject = decodeWords(/^Subject: (.*(?:\r\n\s.*)*)/m.exec(raw)![1].replace(/\r\n\s/g, ' '));
  return { names, subject };
}

const vevent = (ics: string) => new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;

describe('names on one line', () => {
  it('stores names, a business name and a service name sent with line breaks on one line, and prints them so', async () => {
    const shop = await serviceBusiness(ctx.app);
    const shopName = 'Shop "Best";ROLE=CHAIR:mailto:evil@example.com\r\nX-INJECTED:1 ^ \\ end';
    const business = await shop.owner.patch(`/api/businesses/${shop.businessId}`, { businessName: shopName, address: '1 Main St\n\tBack door' });
    expect(business.statusCode, business.body).toBe(200);
    expect(business.json()).toMatchObject({ businessName: 'Shop "Best";ROLE=CHAIR:mailto:evil@example.com X-INJECTED:1 ^ \\ end', address: '1 Main St Back door' });
    const service = await shop.owner.post(`/api/businesses/${shop.businessId}/services`, { name: 'Cut\nBcc: evil@example.com', description: 'Wash\nCut\nDry', duration: 30, price: '20.00' });
    expect(service.statusCode, service.body).toBe(201);
    // A description is many lines and keeps them.
    expect(service.json()).toMatchObject({ name: 'Cut Bcc: evil@example.com', description: 'Wash\nCut\nDry' });

    const customer = await signUp(ctx.app);
    const name = 'Al"ice;ROLE=CHAIR;CN=x:mailto:evil@example.com\nATTENDEE:mailto:evil@example.com';
    const res = await book(customer, {
      ...contact(name),
      customerPhone: '(212)\t555-0100\r\n',
      notes: 'Side door\nRing twice',
      businessId: shop.businessId,
      serviceId: service.json().id,
      date: upcomingWeekday(),
      time: '10:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const oneLineName = 'Al"ice;ROLE=CHAIR;CN=x:mailto:evil@example.com ATTENDEE:mailto:evil@example.com';
    expect(res.json()).toMatchObject({ customerName: oneLineName, customerPhone: '+12125550100', notes: 'Side door\nRing twice' });

    expect(await sendRound()).toBe(1);
    const [row] = await outboxOf(res.json().id);
    const what = 'Cut Bcc: evil@example.com at Shop "Best";ROLE=CHAIR:mailto:evil@example.com X-INJECTED:1 ^ \\ end';
    expect(row.subject).toBe(`Booking confirmed: ${what}`);
    expect(row.text.split('\n')).toEqual([
      `Hello ${oneLineName},`, '', 'Your booking is confirmed.', '', what, expect.stringMatching(/^When: 10:00 AM, [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2} \(New York time\)$/),
      'Where: 1 Main St Back door', '', 'Booked under these policies:', '- Free cancellation any time before the start', '',
      'The attached invite updates your calendar.', '', 'Que',
    ]);

    const mail = smtp.received.find((m) => m.outboxId === row.id)!;
    const headers = headersOf(mail.raw);
    expect(headers.subject).toBe(`Booking confirmed: ${what}`);
    expect(headers.names).not.toContain('bcc');
    expect(headers.names).not.toContain('x-injected');

    const event = vevent(row.ics);
    expect(event.getFirstPropertyValue('summary')).toBe(what);
    const attendees = event.getAllProperties('attendee');
    expect(attendees.map((a) => [String(a.getFirstValue()).toLowerCase(), a.getParameter('role'), a.getParameter('cn')])).toEqual([
      ['mailto:pat@example.com', 'REQ-PARTICIPANT', oneLineName],
    ]);
    const organizer = event.getFirstProperty('organizer')!;
    expect([organizer.getFirstValue(), organizer.getParameter('role'), organizer.getParameter('cn')]).toEqual([
      'mailto:no-reply@que.local',
      undefined,
      'Shop "Best";ROLE=CHAIR:mailto:evil@example.com X-INJECTED:1 ^ \\ end',
    ]);
    expect(event.getAllProperties().map((p) => p.name)).not.toContain('x-injected');
  });

  it('prints a name stored with a line break before this rule on one line in the subject and the invite', async () => {
    const shop = await serviceBusiness(ctx.app);
    await ctx.database.db.execute(sql`update businesses set business_name = ${'Old Shop\r\nX-INJECTED: 1'} where id = ${shop.businessId}`);
    const customer = await signUp(ctx.app);
    const res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '11:00' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await sendRound()).toBe(1);
    const [row] = await outboxOf(res.json().id);
    const headers = headersOf(smtp.received.find((m) => m.outboxId === row.id)!.raw);
    expect(headers.subject).toBe('Booking confirmed: Checkup at Old Shop X-INJECTED: 1');
    expect(headers.names).not.toContain('x-injected');
    const event = vevent(row.ics);
    expect(event.getFirstPropertyValue('summary')).toBe('Checkup at Old Shop X-INJECTED: 1');
    expect(event.getFirstProperty('organizer')!.getParameter('cn')).toBe('Old Shop X-INJECTED: 1');
  });

  // The text body is composed in SQL (que_appointment_email_of), which prints names through que_one_line.
  it('prints a name stored with a line break before this rule on one line in the text body', async () => {
    const shop = await serviceBusiness(ctx.app);
    await ctx.database.db.execute(sql`update businesses set business_name = ${'Old Shop\r\nMore'}, address = ${'1 Main St\nBack'} where id = ${shop.businessId}`);
    const customer = await signUp(ctx.app);
    const res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '12:00' });
    expect(res.statusCode, res.body).toBe(201);
    // The booking's confirmation is written by its change's follow job (decision 0029): first, as before.
    await changesFollowed(ctx.database);
    await ctx.database.db.execute(sql`update appointments set customer_name = ${'Pat\nDoe'} where id = ${res.json().id}`);
    const moved = await customer.patch(`/api/appointments/${res.json().id}`, { date: upcomingWeekday(), time: '13:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    await changesFollowed(ctx.database);
    const rows = await outboxOf(res.json().id);
    for (const row of rows) expect(row.subject).not.toMatch(/[\r\n]/);
    const lines = rows[1].text.split('\n');
    expect(lines[0]).toBe('Hello Pat Doe,');
    expect(lines).toContain('Checkup at Old Shop More');
    expect(lines).toContain('Where: 1 Main St Back');
  });
});
