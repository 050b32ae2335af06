import { sql } from 'drizzle-orm';
import { RULES } from '../../../contract/rules.js';
import { minutesToTime } from '../../../contract/time.js';
import type { Db } from '../../db/client.js';

// Test support: the slot engine is SQL (que_candidate_starts and que_slot_engine);
// property tests feed it plain inputs through here and compare it with a model.

/**
 * A booked period in minutes relative to the requested day's midnight (may start before 0 or end
 * after 1440): an appointment's blocked period (its visit widened by the buffers it was booked under).
 */
export interface BookedPeriod {
  start: number;
  end: number;
  partySize: number;
}

export type SlotPlan =
  | { kind: 'service'; hours: { open: number; close: number } | null; duration: number; /** slotIntervalMinutes when set (que_service_starts) */ interval?: number; /** the service's buffers (minutes, default 0) */ bufferBefore?: number; bufferAfter?: number }
  | { kind: 'restaurant'; timeSlots: { start: number; end: number; interval: number }[]; duration: number; capacity: number; partySize: number };

export interface SlotInput {
  plan: SlotPlan;
  /** The requested day and the business's today (both yyyy-MM-dd) and minutes since its midnight now. */
  date: string;
  today: string;
  nowMinutes: number;
  blocked: boolean;
  restaurantHorizonDays: number;
  booked: BookedPeriod[];
}

const intArray = (values: number[]) => `{${values.join(',')}}`;

/** The bookable start times ("HH:mm", ascending) the SQL slot engine computes for an input. */
export async function computeSlotsInSql(db: Db, input: SlotInput): Promise<string[]> {
  const { plan } = input;
  const service = plan.kind === 'service' ? plan : null;
  const restaurant = plan.kind === 'restaurant' ? plan : null;
  const ts = restaurant?.timeSlots ?? [];
  const result = await db.execute(sql`
    select que_slot_engine(${plan.kind}::text, ${input.date}::date, ${input.today}::date, ${input.nowMinutes}::int, ${input.blocked}::boolean,
      ${plan.kind === 'service' ? RULES.serviceBookingWindowDays : input.restaurantHorizonDays}::int,
      case when ${service?.interval ?? null}::int is not null and ${service?.hours ? 1 : 0}::int = 1
        then que_service_starts(${service?.hours?.open ?? null}::int, ${service?.hours?.close ?? null}::int, ${plan.duration}::int, ${service?.interval ?? null}::int)
        else que_candidate_starts(${plan.kind}::text, ${service?.hours?.open ?? null}::int, ${service?.hours?.close ?? null}::int, ${plan.duration}::int,
          ${intArray(ts.map((t) => t.start))}::int[], ${intArray(ts.map((t) => t.end))}::int[], ${intArray(ts.map((t) => t.interval))}::int[]) end,
      ${plan.duration}::int, ${restaurant?.capacity ?? 0}::int, ${restaurant?.partySize ?? 1}::int,
      ${intArray(input.booked.map((b) => b.start))}::int[], ${intArray(input.booked.map((b) => b.end))}::int[],
      ${intArray(input.booked.map((b) => b.partySize))}::int[], ${service?.bufferBefore ?? 0}::int, ${service?.bufferAfter ?? 0}::int) as starts`);
  const [row] = (result as unknown as { rows: { starts: number[] }[] }).rows;
  return row.starts.map(minutesToTime);
}
