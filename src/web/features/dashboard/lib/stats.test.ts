import { describe, expect, it } from 'vitest';
import { computeStats } from './stats';

describe('computeStats', () => {
  const today = '2030-05-10';
  it('counts today without cancellations and sums only completed prices, in cents', () => {
    const stats = computeStats(
      [
        { date: today, status: 'confirmed', price: '25.00' },
        { date: today, status: 'cancelled', price: '25.00' },
        { date: today, status: 'completed', price: '0.10' },
        { date: '2030-05-09', status: 'completed', price: '0.20' },
        { date: '2030-05-11', status: 'pending', price: '99.99' },
      ],
      [{ duration: 30 }, { duration: 45 }, { duration: 50 }],
      today,
    );
    // 0.10 + 0.20 is exactly 30 cents (no floating-point drift).
    expect(stats).toEqual({ todays: 2, services: 3, revenueCents: 30, averageDuration: 42 });
  });

  it('has no average without services', () => {
    expect(computeStats([], [], today)).toEqual({ todays: 0, services: 0, revenueCents: 0, averageDuration: null });
  });
});
