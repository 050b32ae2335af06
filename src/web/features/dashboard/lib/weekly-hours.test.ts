import { describe, expect, it } from 'vitest';
import { weekFromHours, weekFromTimeSlots } from './weekly-hours';

describe('the week in force', () => {
  it('lists Monday first, with closed days as null', () => {
    const week = weekFromHours([{ dayOfWeek: 0, openTime: '10:00:00', closeTime: '14:00:00' }, { dayOfWeek: 1, openTime: '09:00', closeTime: '17:30' }]);
    expect(week[0]).toEqual({ day: 'Monday', hours: '9:00 AM – 5:30 PM' });
    expect(week[1]).toEqual({ day: 'Tuesday', hours: null });
    expect(week[6]).toEqual({ day: 'Sunday', hours: '10:00 AM – 2:00 PM' });
  });

  it("joins a restaurant's active slots of a day in order and skips paused ones", () => {
    const week = weekFromTimeSlots([
      { dayOfWeek: 5, startTime: '17:00', endTime: '23:00', isActive: true },
      { dayOfWeek: 5, startTime: '11:30', endTime: '14:00', isActive: true },
      { dayOfWeek: 6, startTime: '17:00', endTime: '23:00', isActive: false },
    ]);
    expect(week[4]).toEqual({ day: 'Friday', hours: '11:30 AM – 2:00 PM, 5:00 PM – 11:00 PM' });
    expect(week[5].hours).toBeNull();
  });
});
