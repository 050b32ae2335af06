import type { EarliestAppointment } from '@contract/appointments';
import { describe, expect, it } from 'vitest';
import { earliestSlotLink, soonest } from './earliest-slot';

const item = (id: number, businessType: 'service' | 'restaurant', date: string, time: string): EarliestAppointment => ({
  business: { id, businessName: `B${id}`, businessType, category: businessType === 'restaurant' ? 'Restaurant' : 'Healthcare', timeZone: 'America/New_York' },
  service: { id: id * 10, serviceName: 'Visit', duration: 30, price: '40.00' },
  date,
  time,
  duration: 30,
});

describe('earliest slot', () => {
  it('links restaurants to the reservation page and others to the prefilled booking page', () => {
    expect(earliestSlotLink(item(4, 'restaurant', '2030-05-01', '17:30'))).toBe('/restaurant/4?date=2030-05-01&time=17%3A30');
    expect(earliestSlotLink(item(2, 'service', '2030-05-01', '09:00'))).toBe('/book-appointment?businessId=2&serviceId=20&date=2030-05-01&time=09%3A00');
  });

  it('picks the soonest by date then time, restaurants only when asked', () => {
    const list = [item(1, 'service', '2030-05-02', '09:00'), item(2, 'restaurant', '2030-05-01', '18:00'), item(3, 'service', '2030-05-01', '10:00')];
    expect(soonest(list, false)?.business.id).toBe(3);
    expect(soonest(list, true)?.business.id).toBe(2);
    expect(soonest([item(1, 'service', '2030-05-02', '09:00')], true)).toBeUndefined();
  });

  it('copes with no list at all', () => {
    expect(soonest(undefined, false)).toBeUndefined();
    expect(soonest({ message: 'oops' }, false)).toBeUndefined();
  });
});
