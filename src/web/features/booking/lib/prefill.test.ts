import { describe, expect, it } from 'vitest';
import type { Service } from '../../../../contract/services';
import { bookingStart, reservationStart } from './prefill';

const services: Service[] = [
  { id: 7, businessId: 1, name: 'Cut', description: '', duration: 30, price: '25.00', policies: {} },
  { id: 8, businessId: 1, name: 'Shave', description: '', duration: 15, price: '15.00', policies: {} },
];
const today = '2030-01-30';

describe('bookingStart', () => {
  it('opens at the details step when service, date and time are all given', () => {
    expect(bookingStart(services, { serviceId: 8, date: '2030-02-01', time: '09:30' }, today)).toEqual({ step: 3, service: services[1], date: '2030-02-01', time: '09:30' });
  });

  it('stops at date and time without a time, and at the service step without a known service', () => {
    expect(bookingStart(services, { serviceId: 7, date: '2030-02-01', time: null }, today).step).toBe(2);
    expect(bookingStart(services, { serviceId: 99, date: '2030-02-01', time: '09:30' }, today)).toMatchObject({ step: 1, service: null, date: '2030-02-01' });
    expect(bookingStart(services, { serviceId: null, date: null, time: null }, today).step).toBe(1);
  });

  it('ignores days outside today..today+30 and malformed dates or times', () => {
    expect(bookingStart(services, { serviceId: 7, date: '2030-01-29', time: '09:00' }, today)).toMatchObject({ step: 2, date: null, time: null });
    // today + 30 is the last bookable day.
    expect(bookingStart(services, { serviceId: 7, date: '2030-03-01', time: '09:00' }, today)).toMatchObject({ step: 3, date: '2030-03-01' });
    expect(bookingStart(services, { serviceId: 7, date: '2030-03-02', time: '09:00' }, today)).toMatchObject({ step: 2, date: null });
    expect(bookingStart(services, { serviceId: 7, date: '2030-02-30', time: '09:00' }, today).date).toBeNull();
    expect(bookingStart(services, { serviceId: 7, date: '2030-02-28', time: '9:00' }, today)).toMatchObject({ step: 2, date: '2030-02-28', time: null });
    expect(bookingStart(services, { serviceId: 7, date: '2030-03-02', time: '09:00' }, '2030-01-31').date).toBe('2030-03-02');
  });
});

describe('reservationStart', () => {
  it('has no upper bound but refuses the past', () => {
    expect(reservationStart({ date: '2031-12-31', time: '19:00' }, today)).toEqual({ step: 2, date: '2031-12-31', time: '19:00' });
    expect(reservationStart({ date: '2030-01-29', time: '19:00' }, today)).toEqual({ step: 1, date: null, time: null });
    expect(reservationStart({ date: today, time: null }, today)).toEqual({ step: 1, date: today, time: null });
  });
});
