import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicStaffMember } from '@contract/staff';
import BookRoute from '@/routes/book';
import { inDays, makeBusiness, makeService, makeUser } from '@/test/fixtures';
import { answerBusiness } from '@/test/handlers';
import { expectToast, renderApp } from '@/test/render';
import { apiError, http, HttpResponse, server, signedInAs } from '@/test/server';

// "Who" in the appointment flow (DESIGN section 9): at a shop where two or more members give the
// service the customer picks anyone (the default) or one of them; with one member nothing changes.
// tests/e2e/booking-staff.e2e.ts books it through the real app.

const business = makeBusiness();
const haircut = makeService();
const day = inDays(2);
const member = (id: number, name: string, serviceIds: number[] = []): PublicStaffMember => ({ id, name, bio: '', serviceIds });
const marco = member(21, 'Marco');
const lena = member(22, 'Lena');
const sam = member(23, 'Sam', [haircut.id]);
const ada = member(24, 'Ada', [99]); // does not cut hair: never offered for a haircut

/**
 * A shop whose members are free at these times on `day`; GET /availability answers from them (with
 * staffId: that member's alone). Returns what was booked and every availability query asked.
 */
function shop(staff: PublicStaffMember[], freeBy: Record<number, string[]>) {
  const times = () => [...new Set(Object.values(freeBy).flat())].sort();
  const free = { [day]: times() };
  const booked = answerBusiness(business, [haircut], free, staff);
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(`/api/businesses/${business.id}/availability`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(q);
      const only = q.get('staffId') === null ? null : Number(q.get('staffId'));
      const slots = q.get('date') !== day ? [] : times()
        .map((time) => ({ time, staff: staff.filter((m) => (only === null || m.id === only) && freeBy[m.id]?.includes(time)).map(({ id, name }) => ({ id, name })) }))
        .filter((s) => s.staff.length > 0);
      return HttpResponse.json({ date: q.get('date'), slots });
    }),
  );
  return { booked, asked, free };
}

const book = (query = `businessId=1&serviceId=11&date=${day}`) => renderApp(<BookRoute />, { path: `/book-appointment?${query}`, route: '/book-appointment' });
const timeButtons = () => within(screen.getByRole('group', { name: 'Available times' })).getAllByRole('button').map((b) => b.textContent);
const summaryRow = (region: HTMLElement, label: string) => within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

async function fillDetailsAndBook(user: ReturnType<typeof book>['user']) {
  await screen.findByRole('heading', { name: 'Your details' });
  await waitFor(() => expect(screen.getByLabelText('Email')).not.toHaveValue(''));
  await user.type(screen.getByLabelText('Full name'), 'Alice Example');
  await user.type(screen.getByLabelText('Phone'), '212-555-0101');
  await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
}

describe('who serves the appointment', () => {
  it('asks nothing where one member gives the service, and books without a staffId', async () => {
    signedInAs(makeUser());
    // Ada gives another service only: Marco is the one member for a haircut.
    const { booked, asked } = shop([marco, ada], { [marco.id]: ['09:00', '10:30'], [ada.id]: ['09:00'] });
    const { user } = book();
    await user.click(await screen.findByRole('button', { name: '10:30 AM' }));
    expect(screen.queryByRole('group', { name: 'Who' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await fillDetailsAndBook(user);
    const confirmation = await screen.findByRole('region', { name: 'Appointment Booked!' });
    expect(within(confirmation).queryByText('With')).not.toBeInTheDocument();
    await expectToast('Appointment Booked!', `Classic Haircut at ${business.businessName} is confirmed.`);
    expect(booked.bodies[0]).not.toHaveProperty('staffId');
    expect(asked).toEqual([]);
  });

  it("offers anyone or each member who gives it, with their next free time; Marco's times are his own, and the booking asks for him", async () => {
    signedInAs(makeUser());
    const { booked, asked } = shop([marco, lena, sam, ada], { [marco.id]: ['10:30', '11:00'], [lena.id]: ['09:00', '10:30'], [sam.id]: [], [ada.id]: [] });
    const { user } = book();

    const who = await screen.findByRole('group', { name: 'Who' });
    await waitFor(() => expect(within(who).getByRole('radio', { name: /^Marco/ })).toHaveAccessibleName('Marco · next free 10:30 AM'));
    expect(within(who).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Anyone · next free 9:00 AM',
      'Marco · next free 10:30 AM',
      'Lena · next free 9:00 AM',
      'Sam · no free time this day',
    ]);
    expect(within(who).getByRole('radio', { name: /^Anyone/ })).toBeChecked();
    await waitFor(() => expect(timeButtons()).toEqual(['9:00 AM', '10:30 AM', '11:00 AM']));

    await user.click(within(who).getByRole('radio', { name: /^Marco/ }));
    await waitFor(() => expect(timeButtons()).toEqual(['10:30 AM', '11:00 AM']));
    expect(screen.getByRole('heading', { name: /Available times on .* with Marco/ })).toBeInTheDocument();
    expect(asked.map((q) => q.get('staffId'))).toContain(String(marco.id));
    expect(asked.every((q) => q.get('serviceId') === String(haircut.id) && q.get('date') === day)).toBe(true);
    await user.click(screen.getByRole('button', { name: '11:00 AM' }));
    expect(screen.getByTestId('selection-footer')).toHaveTextContent(/at 11:00 AM, with Marco/);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const details = (await screen.findByRole('heading', { name: 'Your details' })).closest('section')!;
    expect(summaryRow(details, 'With')).toBe('Marco');
    await fillDetailsAndBook(user);
    const confirmation = await screen.findByRole('region', { name: 'Appointment Booked!' });
    expect(summaryRow(confirmation, 'With')).toBe('Marco');
    await expectToast('Appointment Booked!', `Classic Haircut with Marco at ${business.businessName} is confirmed.`);
    expect(booked.bodies[0]).toMatchObject({ serviceId: haircut.id, date: day, time: '11:00', staffId: marco.id });
  });

  it('sends no staffId for anyone, and says who the shop picked', async () => {
    signedInAs(makeUser());
    const { booked } = shop([marco, lena], { [marco.id]: ['10:30'], [lena.id]: ['09:00', '10:30'] });
    const { user } = book();
    await screen.findByRole('group', { name: 'Who' });
    // Marco, then back to anyone: the times are everyone's again.
    await user.click(screen.getByRole('radio', { name: /^Marco/ }));
    await waitFor(() => expect(timeButtons()).toEqual(['10:30 AM']));
    await user.click(screen.getByRole('radio', { name: /^Anyone/ }));
    await waitFor(() => expect(timeButtons()).toEqual(['9:00 AM', '10:30 AM']));
    await user.click(screen.getByRole('button', { name: '10:30 AM' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const details = (await screen.findByRole('heading', { name: 'Your details' })).closest('section')!;
    expect(summaryRow(details, 'With')).toBe('Anyone available');
    await fillDetailsAndBook(user);
    const confirmation = await screen.findByRole('region', { name: 'Appointment Booked!' });
    // The handler stands in for the server's pick with the first member listed.
    expect(summaryRow(confirmation, 'With')).toBe('Marco');
    expect(booked.bodies[0]).not.toHaveProperty('staffId');
  });

  it('sends a taken member back to their refreshed times, still with them', async () => {
    signedInAs(makeUser());
    const freeBy = { [marco.id]: ['10:30', '11:00'], [lena.id]: ['09:00'] };
    shop([marco, lena], freeBy);
    const { user } = book(`businessId=1&serviceId=11&date=${day}&time=11:00&staffId=${marco.id}`);
    // (The step remounts once the session is known: the section is looked up again.)
    const details = async () => (await screen.findByRole('heading', { name: 'Your details' })).closest('section')!;
    await waitFor(async () => expect(summaryRow(await details(), 'With')).toBe('Marco'));
    freeBy[marco.id] = ['10:30']; // someone else books Marco at 11:00 meanwhile
    server.use(http.post('/api/appointments', () => apiError(409, 'Marco is no longer free at 11:00 AM', 'SLOT_TAKEN')));
    await fillDetailsAndBook(user);
    await expectToast('Booking Failed', 'Marco is no longer free at 11:00 AM');
    await screen.findByRole('heading', { name: 'Select date and time' });
    expect(screen.getByRole('radio', { name: /^Marco/ })).toBeChecked();
    await waitFor(() => expect(timeButtons()).toEqual(['10:30 AM']));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('keeps the member chosen across the login detour', async () => {
    shop([marco, lena], { [marco.id]: ['11:00'], [lena.id]: ['09:00'] });
    const { user, location } = book(`businessId=1&serviceId=11&date=${day}&time=11:00&staffId=${marco.id}`);
    await screen.findByText('You are not signed in. You will be asked to log in when you book.');
    await user.type(screen.getByLabelText('Full name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Phone'), '(212) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await waitFor(() => expect(location()).toMatch(/^\/login\?redirect=/));
    const redirect = new URL(decodeURIComponent(location().split('redirect=')[1]), 'http://x');
    expect(redirect.searchParams.get('staffId')).toBe(String(marco.id));
    expect(JSON.parse(sessionStorage.getItem('que:booking-draft:1')!).draft.staffId).toBe(marco.id);
  });
});
