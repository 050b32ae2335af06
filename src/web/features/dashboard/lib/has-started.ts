import { RULES } from '../../../../contract/rules';
import { addDays, minutesToTime, timeToMinutes } from '../../../../contract/time';

/** The wall-clock date and time now in a business's time zone, as "YYYY-MM-DD HH:mm". */
export function nowIn(timeZone: string, now = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** True once the appointment's start (wall clock in the business's zone) has come. */
export const hasStarted = (date: string, time: string, timeZone: string, now = new Date()) => `${date} ${time}` <= nowIn(timeZone, now);

/**
 * The wall clock from which the owner may mark an appointment completed: RULES.completeFromMinutesBeforeStart
 * before its start (wall-clock arithmetic; on a night the clocks change the server's refusal, which
 * names the exact time, has the last word).
 */
export function completableFrom(date: string, time: string): { date: string; time: string } {
  const minutes = timeToMinutes(time) - RULES.completeFromMinutesBeforeStart;
  return minutes >= 0 ? { date, time: minutesToTime(minutes) } : { date: addDays(date, -1), time: minutesToTime(minutes + 24 * 60) };
}

/** True once the owner may mark the appointment completed (completableFrom has come in the business's zone). */
export function canCompleteNow(date: string, time: string, timeZone: string, now = new Date()): boolean {
  const from = completableFrom(date, time);
  return `${from.date} ${from.time}` <= nowIn(timeZone, now);
}

/** The wall clock from which the owner may mark an appointment a no-show: RULES.noShowFromMinutesAfterStart after its start (DESIGN section 11). */
export function noShowFrom(date: string, time: string): { date: string; time: string } {
  const minutes = timeToMinutes(time) + RULES.noShowFromMinutesAfterStart;
  return minutes < 24 * 60 ? { date, time: minutesToTime(minutes) } : { date: addDays(date, 1), time: minutesToTime(minutes - 24 * 60) };
}

/** True once the owner may mark the appointment a no-show in the business's zone (the server's 409 has the last word). */
export function canMarkNoShowNow(date: string, time: string, timeZone: string, now = new Date()): boolean {
  const from = noShowFrom(date, time);
  return `${from.date} ${from.time}` <= nowIn(timeZone, now);
}
