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
