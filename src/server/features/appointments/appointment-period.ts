import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { sqlCall } from '../../errors.js';

const p = (name: string) => sql.placeholder(name);

// The rule is SQL, once (que_period, migration 0007): que_book stores the same period in its call.
const selectPeriod = cachedSql(
  'que_period',
  sql`select to_char(starts_at, 'YYYY-MM-DD HH24:MI:SS') as "startsAt", to_char(ends_at, 'YYYY-MM-DD HH24:MI:SS') as "endsAt"
        from que_period(${p('date')}::date, ${p('time')}::text, ${p('duration')}::int, ${p('zone')}::text)`,
);

/**
 * An appointment's stored period as the business's wall clocks ("yyyy-MM-dd HH:mm:00"). The
 * duration spans real minutes (DESIGN section 4): the end is the earliest wall clock not before the
 * start's instant plus the duration, so it may fall on the next day or move with a clock change; a
 * start the clocks skip is a 400 saying it does not exist that day.
 */
export async function periodOf(db: Db, date: string, time: string, duration: number, timeZone: string): Promise<{ startsAt: string; endsAt: string }> {
  const result = (await sqlCall(selectPeriod(db, { date, time, duration, zone: timeZone }))) as { rows: { startsAt: string; endsAt: string }[] };
  return result.rows[0];
}
