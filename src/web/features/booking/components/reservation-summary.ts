import type { Appointment } from '@contract/appointments';
import { dateRow, timeRow } from './booking-summary';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What the guest asked for, said back on the confirmation: seating and occasion only when chosen. */
export function reservationRows(restaurantName: string, booked: Appointment): [string, string][] {
  const rows: [string, string][] = [
    ['Restaurant', restaurantName],
    dateRow(booked.date),
    timeRow(booked.time, booked.timeZone),
    ['Party size', `${booked.partySize} ${booked.partySize === 1 ? 'guest' : 'guests'}`],
    ['Duration', `${booked.duration} minutes`],
  ];
  if (booked.seatingPreference) rows.push(['Seating', capitalize(booked.seatingPreference)]);
  if (booked.occasionType) rows.push(['Occasion', capitalize(booked.occasionType)]);
  if (booked.dietaryRestrictions) rows.push(['Dietary restrictions', booked.dietaryRestrictions]);
  return rows;
}
