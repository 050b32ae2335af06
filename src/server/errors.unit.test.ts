import { describe, expect, it } from 'vitest';
import { fromDatabaseError } from './errors.js';

// A refusal that describes one customer's own bookings (one place at a time, one table a day) is
// told in full only to that customer; the other party of a swap, or an owner, hears only that the
// other customer is busy (issue 26). The SQL names the customer in DETAIL.
const raised = (code: string, message: string, detail?: string) => Object.assign(new Error('query failed'), { cause: { code, message, detail } });

describe('refusals about one customer’s bookings', () => {
  it('name the booking to its customer only', () => {
    const overlap = fromDatabaseError(raised('QBOVL', 'ann already has a booking then: Fade at Sam Cuts, 10:00 AM', 'customer 7'))!;
    expect(overlap.code).toBe('OVERLAPS_YOUR_BOOKING');
    expect(overlap.messageFor(7)).toMatch(/Fade at Sam Cuts/);
    expect(overlap.messageFor(8)).toBe('The other customer has another booking at that time.');
    expect(overlap.messageFor(null)).toBe('The other customer has another booking at that time.');

    const table = fromDatabaseError(raised('QBONE', 'You already have a table at Bistro at 7:00 PM.', 'customer 7'))!;
    expect(table.code).toBe('ONE_RESERVATION_PER_DAY');
    expect(table.messageFor(7)).toMatch(/Bistro at 7:00 PM/);
    expect(table.messageFor(8)).toBe('The other customer already has a table at this restaurant that day.');
  });

  it('without a DETAIL naming whose it is, tell nobody the details', () => {
    const overlap = fromDatabaseError(raised('QBOVL', 'ann already has a booking then: Fade at Sam Cuts'))!;
    expect(overlap.messageFor(7)).toBe('The other customer has another booking at that time.');
  });

  it('leave other refusals as they are', () => {
    expect(fromDatabaseError(raised('QBINV', 'This offer has expired'))!.messageFor(8)).toBe('This offer has expired');
  });
});
