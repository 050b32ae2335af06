import type { User } from '../../../contract/auth.js';
import type { QueueEntry } from '../../../contract/live.js';
import { instantFromDate, instantOfOrAfterGap } from '../../time/business-time.js';
import type { RankedEntryRow } from './queue.repository.js';

const MINUTE_MS = 60_000;

/** Milliseconds since the epoch of a business's wall clock (a stored time in a gap reads as the time the clocks jump to). */
const startMs = (date: string, time: string, timeZone: string) => instantOfOrAfterGap(date, time, timeZone).epochMilliseconds;

/**
 * How far behind schedule the day's queue runs, as seen by an entry behind its head (the first
 * active entry of the business-day): a head still waiting past its start is late by now − start;
 * a head that was called late was late by calledAt − start (the service started that much late).
 * Nobody ahead (the entry is the head) or a head on time: 0. See docs/decisions/0011-live-queue-and-business-time.md.
 */
function delayMs(row: RankedEntryRow, nowMs: number): number {
  if (row.headId === null || row.headId === row.id || row.headDate === null || row.headTime === null) return 0;
  const headStart = startMs(row.headDate, row.headTime, row.timeZone);
  const late = row.headStatus === 'called' && row.headCalledAtMs !== null ? row.headCalledAtMs - headStart : nowMs - headStart;
  return Math.max(0, late);
}

/** Minutes until the entry's start (never negative, real minutes across clock changes) plus the delay ahead; null when finished. */
export function estimatedWaitMinutes(row: RankedEntryRow, now: Date): number | null {
  if (row.position === null) return null;
  const nowMs = Number(instantFromDate(now).epochMilliseconds);
  const untilStart = Math.max(0, startMs(row.date, row.time, row.timeZone) - nowMs);
  return Math.ceil((untilStart + delayMs(row, nowMs)) / MINUTE_MS);
}

/** Whether a viewer may see who the entry belongs to: its customer and the business owner. */
export const mayReadPersonal = (row: { customerId: number; ownerId: number }, viewer: User | null) =>
  viewer !== null && (viewer.id === row.customerId || viewer.id === row.ownerId);

/** An entry as `viewer` may see it (DESIGN section 4: others' rows carry no personal data). */
export function toQueueEntry(row: RankedEntryRow, viewer: User | null, now: Date = new Date()): QueueEntry {
  return {
    id: row.id,
    customerId: mayReadPersonal(row, viewer) ? row.customerId : null,
    // The owner calls people by name; a customer's own screens need no name, others' rows carry none.
    customerName: viewer !== null && viewer.id === row.ownerId ? row.customerName : null,
    businessId: row.businessId,
    businessName: row.businessName,
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    appointmentId: mayReadPersonal(row, viewer) ? row.appointmentId : null,
    date: row.date,
    time: row.time,
    queuePosition: row.position,
    status: row.status,
    estimatedWaitMinutes: estimatedWaitMinutes(row, now),
    isMine: viewer !== null && viewer.id === row.customerId,
    timeZone: row.timeZone,
    staffId: row.staffId,
    staffName: row.staffName,
    staffCount: row.staffCount,
  };
}

/** Where an entry stands in its day's line: by start time, then id (the order positions are ranked in). */
const placeOf = (time: string | null, id: number): [string, number] => (time === null ? ['~', id] : [time, id]);
const before = (a: [string, number], b: [string, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/**
 * The other active entries of a business-day whose position a change of entry `changed` moved.
 * Each member's entries form their own line (DESIGN section 9), so only the changed entry's line
 * moves: those ranked strictly between its old and new place (null: not in the line, i.e. after
 * everyone). A booking moves everyone behind it back one place, a cancellation or completion
 * everyone behind it forward one, a reschedule those it passed. A call moves nobody (and leaves the
 * delay ahead of the others as it was at that moment), so it comes without `line`.
 *
 * A move (a reschedule or a swap) may also change who serves the entry, and the event does not say
 * who served it before: at a business with several members, a move therefore pushes every entry of
 * the day behind the earlier of its two places, in every line (a superset: an unmoved entry is
 * pushed as it stands). `changed` is where the entry stands now (null: not on this day any more).
 */
export function entriesMovedBy(
  dayLine: RankedEntryRow[],
  changedId: number,
  line: { from: string | null; to: string | null },
  changed: Pick<RankedEntryRow, 'date' | 'staffId' | 'staffCount'> | null = null,
  date: string | null = null,
): RankedEntryRow[] {
  const [from, to] = [placeOf(line.from, changedId), placeOf(line.to, changedId)];
  const [low, high] = before(from, to) ? [from, to] : [to, from];
  const severalMembers = changed !== null && changed.staffCount > 1;
  // A booking, a cancellation or a completion on this day: its member is known and did not change.
  const sameMember = changed !== null && changed.date === date && (line.from === null || line.to === null);
  return dayLine.filter((row) => {
    if (row.id === changedId || row.position === null) return false;
    const place = placeOf(row.time, row.id);
    if (!severalMembers) return before(low, place) && before(place, high);
    if (sameMember) return row.staffId === changed.staffId && before(low, place) && before(place, high);
    return before(low, place);
  });
}
