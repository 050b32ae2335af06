import type { Appointment } from '../../../contract/appointments.js';
import type { User } from '../../../contract/auth.js';
import type { JoinWaitlistInput, WaitlistEntry } from '../../../contract/waitlist.js';
import type { Db } from '../../db/client.js';
import { cutPage, type Page } from '../../db/keyset.js';
import { singleStatement, unitOfWork } from '../../db/unit-of-work.js';
import { notFound, sqlCall } from '../../errors.js';
import type { PageQuery } from '../../plugins/paging.js';
import { readAppointments, toAppointment } from '../appointments/index.js';
import type { SlotRules } from '../availability/index.js';
import { type BookingPayment, sendBookingPayment, sentPayment } from '../deposits/index.js';
import { tellOwnerOfEntry } from './waitlist-live.js';
import { callClaim, callJoin, callLeave, callRelease, pageEntriesOf, toEntry } from './waitlist.repository.js';

// The waitlist's use cases (DESIGN section 11), each one database call: its function decides under
// its locks and answers with the reason when it refuses.

/** Joins the waitlist; answers with the new entry. */
export async function joinWaitlist(db: Db, user: User, body: JoinWaitlistInput & { partySize?: number }, rules: SlotRules, now: Date): Promise<WaitlistEntry> {
  const { id } = await sqlCall(
    singleStatement(db, () =>
      callJoin(db, {
        userId: user.id,
        businessId: body.businessId,
        serviceId: body.serviceId,
        date: body.date,
        fromTime: body.fromTime,
        toTime: body.toTime,
        staffId: body.staffId ?? null,
        partySize: body.partySize ?? null,
        horizon: rules.restaurantHorizonDays,
        now: now.toISOString(),
      }),
    ),
  );
  await tellOwnerOfEntry(db, id);
  return findEntryOf(db, user, id);
}

/** The signed-in customer's entries, newest first, a page at a time. */
export async function listWaitlist(db: Db, user: User, q: PageQuery): Promise<Page<WaitlistEntry>> {
  const rows = await pageEntriesOf(db, user.id, q.limit, q.cursor);
  const page = cutPage(rows, q.limit, (r) => ({ at: r.keyTime, id: r.id }));
  return { items: page.items.map(toEntry), next: page.next };
}

async function findEntryOf(db: Db, user: User, id: number): Promise<WaitlistEntry> {
  // The newest entries come first: one just written is on the first page; else read on.
  for (let cursor: Page<WaitlistEntry>['next'] | undefined; ; ) {
    const rows = await pageEntriesOf(db, user.id, 100, cursor ?? undefined);
    const row = rows.slice(0, 100).find((r) => r.id === id);
    if (row) return toEntry(row);
    if (rows.length <= 100) throw notFound('Waitlist entry');
    const last = rows[99];
    cursor = { at: last.keyTime, id: last.id };
  }
}

/**
 * Claims the time held for the entry: a booking from then on. A service with a payment policy takes
 * the card sent as a booking would, in the claim's transaction (402 without; the hold stays held).
 * Answers with the entry, claimed.
 */
export async function claimWaitlistOffer(db: Db, user: User, entryId: number, payment: BookingPayment, now: Date): Promise<WaitlistEntry> {
  const claim = (on: Db) => singleStatement(on, () => callClaim(on, { userId: user.id, entryId, now: now.toISOString() }));
  await sqlCall(sentPayment(payment) ? unitOfWork(db, async (tx) => (await sendBookingPayment(tx, payment), claim(tx))) : claim(db));
  await tellOwnerOfEntry(db, entryId);
  return findEntryOf(db, user, entryId);
}

/** Leaves the waitlist; an offered entry's hold passes on at once. */
export async function leaveWaitlist(db: Db, user: User, entryId: number, now: Date): Promise<void> {
  await sqlCall(singleStatement(db, () => callLeave(db, { userId: user.id, entryId, now: now.toISOString() })));
  await tellOwnerOfEntry(db, entryId);
}

/**
 * Releases a booking inside its cancel cut-off to the waitlist: cancelled, its slot offered to the
 * day's waiting entries, its cancellation on time if one of them claims it, late otherwise.
 */
export async function releaseToWaitlist(db: Db, user: User, appointmentId: number, now: Date): Promise<Appointment> {
  await sqlCall(singleStatement(db, () => callRelease(db, { userId: user.id, appointmentId, now: now.toISOString() })));
  const row = (await readAppointments(db, [appointmentId])).get(appointmentId);
  if (!row) throw notFound('Appointment');
  return toAppointment(row, user);
}
