import { describe, expect, it } from 'vitest';
import { inOwnerOrder } from './owner-order';

describe('inOwnerOrder', () => {
  it('puts today and ahead first, soonest first, then the past, most recent first', () => {
    const list = [
      { id: 1, date: '2026-12-03', time: '09:00' },
      { id: 2, date: '2026-11-30', time: '15:00' },
      { id: 3, date: '2026-12-01', time: '16:30' },
      { id: 4, date: '2026-12-01', time: '09:15' },
      { id: 5, date: '2026-11-30', time: '10:00' },
      { id: 6, date: '2026-12-01', time: '09:15' },
    ];
    expect(inOwnerOrder(list, '2026-12-01').map((a) => a.id)).toEqual([4, 6, 3, 1, 2, 5]);
  });
});
