import { describe, expect, it } from 'vitest';
import { COUNT_UP_DURATION_MS, COUNT_UP_STEPS, countUpValue, easeOutCubic } from './count-up';

describe('countUpValue', () => {
  it('starts at 0 and ends exactly on the target', () => {
    expect(countUpValue(12847, 0)).toBe(0);
    expect(countUpValue(12847, COUNT_UP_STEPS)).toBe(12847);
    expect(countUpValue(89500, COUNT_UP_STEPS + 5)).toBe(89500);
  });

  it('never decreases and never overshoots', () => {
    let previous = 0;
    for (let step = 0; step <= COUNT_UP_STEPS; step++) {
      const value = countUpValue(1250, step);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value).toBeLessThanOrEqual(1250);
      previous = value;
    }
  });

  it('eases out: the first half of the time covers most of the distance', () => {
    expect(countUpValue(1000, COUNT_UP_STEPS / 2)).toBe(875);
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
  });

  it('uses 60 steps over 2000 ms', () => {
    expect(COUNT_UP_STEPS).toBe(60);
    expect(COUNT_UP_DURATION_MS).toBe(2000);
  });
});
