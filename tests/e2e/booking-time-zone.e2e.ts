import { describe, expect, it } from 'vitest';
import type { Appointment, EarliestAppointment } from '../../src/contract/appointments';
import { addDays } from '../../src/contract/time';
import { formatClock } from '../../src/web/lib/business-time';
import { book, getJson, newCustomer, newServiceBusiness, quietDay, todayIn } from './support/api';
import { newPage, PHONE, useBrowser } from './support/browser';
import { dialogShot, expectFitsViewport, expectNoHorizontalScroll, longDate, shot } from './support/page';

// Issue 18 at 375 px: a visitor whose browser is in Berlin books a New York studio. Every time is the
// studio's wall clock and says so once where it is read: one "Times are New York time" line above the
// slot grid (not on each button), "11:00 AM New York time" in the footer, the summary and the
// confirmation, once in the Skip the Line dialog, and in the directory's Skip the line banner.

useBrowser();

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';

describe('booking from another time zone', () => {
  it('a Berlin browser books a New York studio: each screen names New York time once', async () => {
    const owner = await newPage(PHONE);
    const { business, service } = await newServiceBusiness(owner.context.request, { timeZone: NEW_YORK });
    await owner.context.close();
    const early = await newCustomer('early', PHONE);
    const me = await newCustomer('berlin', PHONE, { timezoneId: BERLIN });
    const { date } = await quietDay(me.context.request, business.id, service.id, addDays(todayIn(NEW_YORK), 2));
    await book(early.context.request, { businessId: business.id, serviceId: service.id, date, time: '09:00' });
    await early.context.close();

    // The slot grid: one line says whose clock; the buttons are bare times.
    const p = me.page;
    const dateStep = `/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}`;
    await p.goto(dateStep);
    const grid = p.getByRole('group', { name: 'Available times' });
    await grid.getByRole('button', { name: '11:00 AM' }).waitFor();
    expect(await p.getByTestId('zone-note').allTextContents()).toEqual(['Times are New York time']);
    const times = await grid.getByRole('button').allTextContents();
    expect(times.every((t) => /^\d{1,2}:\d\d [AP]M$/.test(t)), times.join(' | ')).toBe(true);
    expect(times).not.toContain('9:00 AM');
    await grid.getByRole('button', { name: '11:00 AM' }).click();
    const footer = p.getByTestId('selection-footer');
    await expect.poll(() => footer.textContent()).toContain(`Selected: ${longDate(date)} at 11:00 AM New York time`);
    await p.getByTestId('live-queue-status').getByText(/^For 11:00 AM New York time;/).waitFor();
    await expectNoHorizontalScroll(p);
    // The viewport as a person sees it there: the zone line above the grid, the sticky footer below.
    await p.getByTestId('zone-note').evaluate((note) => note.scrollIntoView({ block: 'center' }));
    await dialogShot(p, 'booking-zone-berlin-slots-phone');

    // The details step's summary, then the confirmation.
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByRole('heading', { name: 'Your details' }).waitFor();
    await p.getByText('11:00 AM New York time', { exact: true }).waitFor();
    await p.getByLabel('Full name').fill('Berta Berlin');
    await p.getByLabel('Phone').fill('(212) 555-0100');
    await expect.poll(() => p.getByLabel('Email').inputValue()).toBe(`${me.user.username}@example.com`);
    await p.getByRole('button', { name: 'Book Appointment' }).click();
    const confirmation = p.getByRole('region', { name: 'Appointment Booked!' });
    await confirmation.getByText('11:00 AM New York time', { exact: true }).waitFor();
    await confirmation.getByText(longDate(date), { exact: true }).waitFor();
    await expectNoHorizontalScroll(p);
    await shot(p, 'booking-zone-berlin-confirmation-phone');
    // What was booked is the studio's 11:00, whatever the browser's clock.
    const mine = await getJson<Appointment[]>(me.context.request, '/api/appointments');
    expect(mine.map((a) => [a.date, a.time, a.timeZone])).toEqual([[date, '11:00', NEW_YORK]]);

    // Skip the Line from the same day: the dialog says whose clock once; its times are bare.
    await p.goto(dateStep);
    await grid.getByRole('button').first().waitFor();
    await p.getByRole('button', { name: 'Skip the line', exact: true }).click();
    const dialog = p.getByRole('dialog', { name: 'Skip the Line' });
    await dialog.getByTestId('queue-jump-target').getByText('9:00 AM', { exact: true }).waitFor();
    expect(await dialog.getByTestId('queue-jump-target').textContent()).toBe(`Earliest earlier slot: 9:00 AM (${service.name}, 60 min). If they accept, you swap times.`);
    await dialog.getByText(`Offer to swap for an earlier time at ${business.businessName} on ${longDate(date)}. Times are New York time.`).waitFor();
    expect(await dialog.getByText(/Your appointment:/).textContent()).toBe(`Your appointment: ${service.name} at 11:00 AM`);
    expect(((await dialog.textContent()) ?? '').match(/New York time/g)).toHaveLength(1);
    await expectFitsViewport(p);
    await dialogShot(p, 'booking-zone-berlin-skip-dialog-phone');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The directory's Skip the line banner: its soonest slot on that business's clock, named.
    await p.goto('/businesses');
    const banner = p.getByRole('region', { name: 'Skip the line' });
    const slot = banner.getByRole('link').first();
    await banner.getByText('Earliest available:').waitFor();
    const text = (await slot.textContent()) ?? '';
    const listed = await getJson<EarliestAppointment[]>(me.context.request, '/api/earliest-appointments');
    const shown = listed.find((i) => text.startsWith(i.business.businessName) && text.endsWith(` at ${formatClock(i.time, i.business.timeZone, BERLIN)}`));
    expect(shown, text).toBeDefined();
    expect(text).toMatch(/ at \d{1,2}:\d\d [AP]M .+ time$/);
    await expectNoHorizontalScroll(p);
    await banner.scrollIntoViewIfNeeded();
    await dialogShot(p, 'booking-zone-berlin-banner-phone');
    expect(me.consoleErrors).toEqual([]);
    await me.context.close();
  });
});
