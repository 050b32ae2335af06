import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.js';
import type { StrandChoice, StrandedBooking } from '../../../contract/stranded-bookings.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../errors.js';

// Owner changes under existing bookings (DESIGN section 4). Each change runs in one transaction under
// the business's lock, the one every booking takes (que_require_slot), so a booking made meanwhile
// waits and is seen; the bookings it strands are refused, reassigned or cancelled in that
// transaction, and a refusal undoes the change.

/**
 * What settling stranded bookings needs of features above this one: which bookings have no place
 * (staff), a business's cancel (appointments), a move to another member (staff). Owner changes of
 * availability, services and staff are guarded here, and none of them may depend on both
 * appointments and staff without a cycle, so the composition (app.ts) hands these in once at start
 * (decision 0030: TypeScript calls only its own feature's SQL functions).
 */
export interface StrandSettlement {
  strandedIds(db: Db, businessId: number, now: Date, scope?: StrandScope): Promise<number[]>;
  cancelAsBusiness(db: Db, ownerId: number, appointmentId: number): Promise<void>;
  reassign(db: Db, appointmentId: number, toStaffId: number | null, now: Date): Promise<void>;
}

let settlement: StrandSettlement | undefined;

/** Called by the composition (app.ts) before any route runs. */
export function settleStrandedWith(given: StrandSettlement): void {
  settlement = given;
}

function settlementNow(): StrandSettlement {
  if (!settlement) throw new Error('businesses: settleStrandedWith was not called (app.ts gives it the appointments and staff functions)');
  return settlement;
}

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/** Takes turns on the business row with bookings and the other owner changes. */
export async function lockBusinessRow(db: Db, businessId: number): Promise<void> {
  await db.execute(sql`select 1 from businesses where id = ${businessId} for no key update`);
}

/**
 * The bookings an owner change can touch, so the guard reads only those (the rest cannot change
 * whether they have a place): days `from`..`to` (wall-clock dates), one member's visits, starts on
 * some weekdays (0 Sunday). What is left out: no limit.
 */
export interface StrandScope {
  from?: string;
  to?: string;
  staffId?: number;
  weekdays?: number[];
}

/** The bookings a refusal names (businesses/sql/stranded-view.sql). */
export async function strandedView(db: Db, ids: number[]): Promise<StrandedBooking[]> {
  const [row] = await rows<{ list: StrandedBooking[] | string }>(db, sql`select que_stranded_view(${`{${ids.join(',')}}`}::int[]) as list`);
  return typeof row.list === 'string' ? JSON.parse(row.list) : row.list;
}

export function requireOneChoice(choice: StrandChoice): void {
  if (choice.reassign && choice.cancelBookings) throw new AppError(ErrorCode.VALIDATION, 'Ask for reassign or cancelBookings, not both');
  if (choice.toStaffId !== undefined && !choice.reassign) throw new AppError(ErrorCode.VALIDATION, 'toStaffId goes with reassign=true');
}

const plural = (n: number, word: string) => `${n} upcoming ${word}${n === 1 ? '' : 's'}`;

/**
 * The bookings a change strands, settled as the owner asked: cancelled by the business (the customer
 * told in-app and by e-mail, credit and escrow as for any business cancel), moved to another free
 * member (one that cannot move fails all), or,
 * without either, the change refused with 409 STRANDS_BOOKINGS listing them. Call inside the change's
 * transaction, under the business's lock.
 */
export async function settleStranded(db: Db, ownerId: number, ids: number[], choice: StrandChoice, now: Date, refusal?: string): Promise<void> {
  if (ids.length === 0) return;
  if (choice.cancelBookings) {
    for (const id of ids) await settlementNow().cancelAsBusiness(db, ownerId, id);
    return;
  }
  if (choice.reassign) {
    for (const id of ids) await settlementNow().reassign(db, id, choice.toStaffId ?? null, now);
    return;
  }
  const bookings = await strandedView(db, ids);
  const message = refusal ?? `This change would leave ${plural(ids.length, 'booking')} without a place: reassign or cancel ${ids.length === 1 ? 'it' : 'them'}, or keep things as they are`;
  throw new AppError(ErrorCode.STRANDS_BOOKINGS, message, undefined, undefined, bookings);
}

/**
 * Runs an owner change of the business's hours, days or members guarded: the bookings in the change's
 * scope that fit before it and not after are settled as the owner asked (settleStranded). A scope
 * given as a function is read in the transaction, under the lock (what the change replaces).
 */
export async function guardedOwnerChange<T>(
  db: Db,
  business: { id: number; ownerId: number },
  choice: StrandChoice,
  now: Date,
  scope: StrandScope | ((tx: Db) => Promise<StrandScope>),
  change: (tx: Db) => Promise<T>,
): Promise<T> {
  requireOneChoice(choice);
  return unitOfWork(db, async (tx) => {
    await lockBusinessRow(tx, business.id);
    const { strandedIds } = settlementNow();
    const within = typeof scope === 'function' ? await scope(tx) : scope;
    const before = new Set(await strandedIds(tx, business.id, now, within));
    const result = await change(tx);
    const stranded = (await strandedIds(tx, business.id, now, within)).filter((id) => !before.has(id));
    await settleStranded(tx, business.ownerId, stranded, choice, now);
    return result;
  });
}

/** A business's upcoming appointments that are not cancelled: its time zone stays while there are any. */
export async function upcomingAppointmentCount(db: Db, businessId: number, now: Date): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    db,
    sql`select count(*) as n from appointments a join businesses bz on bz.id = a.business_id
         where a.business_id = ${businessId} and a.status <> 'cancelled' and a.starts_at > (${now.toISOString()}::timestamptz at time zone bz.time_zone)`,
  );
  return Number(row.n);
}
