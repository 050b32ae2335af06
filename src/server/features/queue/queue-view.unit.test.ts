import { describe, expect, it } from 'vitest';
import { instantOf } from '../../time/business-time.js';
import type { RankedEntryRow } from './queue.repository.js';
import { entriesMovedBy, estimatedWaitMinutes, toQueueEntry } from './queue-view.js';

const NY = 'America/New_York';
const at = (date: string, time: string) => new Date(Number(instantOf(date, time, NY)!.epochMilliseconds));

const head: RankedEntryRow = {
  id: 1, appointmentId: 11, businessId: 5, businessName: 'Shop', ownerId: 50, timeZone: NY, serviceId: 7, serviceName: 'Cut', staffId: 3, staffName: 'Shop', staffCount: 1, customerId: 100, customerName: 'Ann',
  date: '2026-12-01', time: '10:00', status: 'waiting', position: 1,
  headId: 1, headDate: '2026-12-01', headTime: '10:00', headStatus: 'waiting', headCalledAtMs: null,
};
const behind = (time: string, position: number, headChanges: Partial<RankedEntryRow> = {}): RankedEntryRow => ({
  ...head, id: 2 + position, appointmentId: 20 + position, customerId: 200 + position, time, position, ...headChanges,
});

describe('estimatedWaitMinutes', () => {
  it('is the minutes until the start when the line runs on time', () => {
    expect(estimatedWaitMinutes(head, at('2026-12-01', '09:00'))).toBe(60);
    expect(estimatedWaitMinutes(behind('11:00', 2), at('2026-12-01', '09:00'))).toBe(120);
  });

  it('adds how late a head still waiting past its start is, to everyone behind it (and never goes negative)', () => {
    const now = at('2026-12-01', '10:20');
    expect(estimatedWaitMinutes(head, now)).toBe(0);
    expect(estimatedWaitMinutes(behind('11:00', 2), now)).toBe(40 + 20);
    // Past its own start as well: only the delay is left.
    expect(estimatedWaitMinutes(behind('10:00', 2), now)).toBe(20);
  });

  it('counts a head called late as late by the time it was called, not by now', () => {
    const calledAt = Number(at('2026-12-01', '10:15').getTime());
    const row = behind('11:00', 2, { headStatus: 'called', headCalledAtMs: calledAt });
    expect(estimatedWaitMinutes(row, at('2026-12-01', '10:30'))).toBe(30 + 15);
    const calledEarly = behind('11:00', 2, { headStatus: 'called', headCalledAtMs: Number(at('2026-12-01', '09:50').getTime()) });
    expect(estimatedWaitMinutes(calledEarly, at('2026-12-01', '10:30'))).toBe(30);
  });

  it('spans real minutes across a clock change: 00:30 to 02:00 on the fall-back night is 150 minutes', () => {
    const row = { ...head, date: '2027-11-07', time: '02:00', headDate: '2027-11-07', headTime: '02:00' };
    expect(estimatedWaitMinutes(row, at('2027-11-07', '00:30'))).toBe(150);
    const spring = { ...head, date: '2027-03-14', time: '03:00', headDate: '2027-03-14', headTime: '03:00' };
    expect(estimatedWaitMinutes(spring, at('2027-03-14', '01:30'))).toBe(30);
  });

  it('is null for a finished entry', () => {
    expect(estimatedWaitMinutes({ ...head, status: 'served', position: null, headId: null }, at('2026-12-01', '09:00'))).toBeNull();
  });
});

describe('toQueueEntry', () => {
  it('shows who the entry belongs to only to that customer and the owner', () => {
    const now = at('2026-12-01', '09:00');
    const viewer = (id: number) => ({ id, username: 'u', email: 'u@example.com', userType: 'customer' as const, businessId: null, fullName: null, phone: null });
    expect(toQueueEntry(head, viewer(100), now)).toMatchObject({ customerId: 100, isMine: true, appointmentId: 11 });
    expect(toQueueEntry(head, viewer(50), now)).toMatchObject({ customerId: 100, isMine: false });
    expect(toQueueEntry(head, viewer(999), now)).toMatchObject({ customerId: null, isMine: false, appointmentId: null });
    expect(toQueueEntry(head, null, now)).toMatchObject({ customerId: null, isMine: false });
  });
});

describe('entriesMovedBy', () => {
  // A day at a shop of two members: Marco (5) and Anna (6).
  const row = (id: number, time: string, staffId: number, position: number): RankedEntryRow => ({ ...head, id, time, staffId, staffCount: 2, position });
  const day = [row(1, '09:00', 5, 1), row(2, '10:00', 6, 1), row(3, '11:00', 5, 2), row(4, '12:00', 6, 2), row(5, '13:00', 5, 3)];
  const ids = (rows: RankedEntryRow[]) => rows.map((r) => r.id);

  it("moves only the changed entry's member's line on a booking or a cancellation", () => {
    const booked = row(9, '10:30', 5, 2);
    expect(ids(entriesMovedBy([...day, booked], 9, { from: null, to: '10:30' }, booked, booked.date))).toEqual([3, 5]);
    const cancelled = { ...row(1, '09:00', 5, 1), status: 'cancelled' as const, position: null };
    expect(ids(entriesMovedBy(day.slice(1), 1, { from: '09:00', to: null }, cancelled, cancelled.date))).toEqual([3, 5]);
  });

  it('on a move, which may change the member, pushes every line behind the earlier place', () => {
    const moved = row(1, '11:30', 6, 2);
    expect(ids(entriesMovedBy([...day.slice(1), moved], 1, { from: '09:00', to: '11:30' }, moved, moved.date))).toEqual([2, 3, 4, 5]);
  });

  it('keeps the exact rule at a one-member shop: only those passed', () => {
    const single = day.map((r) => ({ ...r, staffId: 5, staffCount: 1 }));
    const moved = { ...single[4], time: '10:30' };
    expect(ids(entriesMovedBy([...single.slice(0, 4), moved], 5, { from: '13:00', to: '10:30' }, moved, moved.date))).toEqual([3, 4]);
  });
});
