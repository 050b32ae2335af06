import { partialMatchKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys, staleAfterAppointmentChange, staleAfterScheduleChange } from './query-keys';

const reaches = (prefixes: readonly (readonly unknown[])[], key: readonly unknown[]) => prefixes.some((prefix) => partialMatchKey(key, prefix));

describe('queryKeys', () => {
  it('nests each key under its family, so invalidating a family reaches every member', () => {
    expect(partialMatchKey(queryKeys.myAppointments(), queryKeys.allAppointments())).toBe(true);
    expect(partialMatchKey(queryKeys.businessAppointments(3), queryKeys.allAppointments())).toBe(true);
    expect(partialMatchKey(queryKeys.availableSlots({ businessId: 3, date: '2030-01-02', serviceId: 4 }), queryKeys.allAvailableSlots())).toBe(true);
    expect(partialMatchKey(queryKeys.creditTransactions(7), queryKeys.credits(7))).toBe(true);
    expect(partialMatchKey(queryKeys.businessServices(3), queryKeys.business(3))).toBe(true);
    expect(partialMatchKey(queryKeys.businessList({ q: 'cut' }), queryKeys.businessLists())).toBe(true);
    expect(partialMatchKey(queryKeys.business(3), queryKeys.allBusinesses())).toBe(true);
    expect(partialMatchKey(queryKeys.businessEarliest(3), queryKeys.earliestAppointments())).toBe(true);
    expect(partialMatchKey(queryKeys.earliestAppointmentList({ date: '2030-01-02' }, true), queryKeys.earliestAppointments())).toBe(true);
  });

  it('makes one key of equal filters, whatever was left unset', () => {
    expect(queryKeys.businessList({ q: 'cut', near: undefined, sort: undefined })).toEqual(queryKeys.businessList({ q: 'cut' }));
    expect(queryKeys.businessList({ q: '' })).toEqual(queryKeys.businessList({}));
    expect(queryKeys.businessList({ partySize: 4 })).not.toEqual(queryKeys.businessList({ partySize: 2 }));
    expect(queryKeys.earliestAppointmentList({ limit: 3 }, false)).not.toEqual(queryKeys.earliestAppointmentList({ limit: 3 }, true));
  });

  it('keeps unrelated keys apart', () => {
    expect(partialMatchKey(queryKeys.businessServices(3), queryKeys.business(4))).toBe(false);
    expect(partialMatchKey(queryKeys.business(3), queryKeys.businessLists())).toBe(false);
    expect(partialMatchKey(queryKeys.user(), queryKeys.allAppointments())).toBe(false);
  });

  it("an appointment change makes lists, slots, credit, the earliest list and the directory's next free times stale", () => {
    const stale = staleAfterAppointmentChange();
    expect(reaches(stale, queryKeys.myAppointments())).toBe(true);
    expect(reaches(stale, queryKeys.availableSlots({ businessId: 1, date: '2030-01-02' }))).toBe(true);
    expect(reaches(stale, queryKeys.creditTransactions(1))).toBe(true);
    expect(reaches(stale, queryKeys.earliestAppointments())).toBe(true);
    // completing or cancelling can end offers and settle escrow
    expect(reaches(stale, queryKeys.businessSwaps(1))).toBe(true);
    expect(reaches(stale, queryKeys.wallet())).toBe(true);
    expect(reaches(stale, queryKeys.businessList({}))).toBe(true);
    expect(reaches(stale, queryKeys.business(1))).toBe(false);
  });

  it('a schedule change makes free slots stale, not appointments', () => {
    const stale = staleAfterScheduleChange();
    expect(reaches(stale, queryKeys.availableSlots({ businessId: 1, date: '2030-01-02' }))).toBe(true);
    expect(reaches(stale, queryKeys.earliestAppointments())).toBe(true);
    expect(reaches(stale, queryKeys.myAppointments())).toBe(false);
  });
});

describe('offer keys', () => {
  it('an offer change reaches offers, appointments (also others\' lists and reservations), credit and the wallet', () => {
    const stale = staleAfterAppointmentChange();
    expect(reaches(stale, queryKeys.offers(1))).toBe(true);
    expect(reaches(stale, queryKeys.wallet())).toBe(true);
    expect(reaches(stale, queryKeys.businessAppointmentsFiltered(2, { date: '2030-01-02' }))).toBe(true);
    expect(reaches(stale, queryKeys.restaurantReservations(2, '2030-01-02'))).toBe(true);
    expect(reaches(stale, queryKeys.credits(1))).toBe(true);
  });
});
