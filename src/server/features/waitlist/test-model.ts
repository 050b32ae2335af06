import type { ModelAppointment } from '../offers/test-model.js';
import { SLOTS } from '../offers/test-model.js';

// The model behind waitlist.model.test.ts, beside the offers model it extends: the waitlist's
// entries and holds (decision 0033) and what each appointment's deposit or card on file should have
// settled (decision 0032), as rules read from DESIGN section 11. Times are this run's SLOTS (30-minute
// visits on one date).

export type PaymentPolicy = 'deposit' | 'card_on_file';
export const DEPOSIT_CENTS = 2000;
export const NO_SHOW_FEE_CENTS = 1500;
export const LATE_CANCEL_FEE_CENTS = 1000;
export const VISIT_MINUTES = 30;

/** A booking of this run with what the waitlist and the payment policy add. */
export interface PaidAppointment extends ModelAppointment {
  /** Booked (or claimed) under the run's payment policy: a hold never claimed took nothing. */
  paid?: boolean;
  /** Released to the waitlist: pending until claimed (on time) or its start passes (late). */
  releaseOutcome?: 'pending' | 'on_time' | 'late';
  /** A hold's end (ms). */
  heldUntil?: number;
}

export interface ModelEntry {
  id: number;
  customer: number;
  fromTime: string;
  toTime: string;
  status: 'waiting' | 'offered' | 'claimed' | 'expired' | 'cancelled';
  hold?: PaidAppointment;
  /** The released booking whose slot the hold is (passed on with the slot when it lapses). */
  releasedFrom?: PaidAppointment;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/** What should have been settled for an appointment (kind → outcome), from how it ended. */
export function expectedCharges(policy: PaymentPolicy, a: PaidAppointment): Record<string, string> {
  if (a.paid === false) return {};
  const late = a.status === 'no_show' || (a.status === 'cancelled' && a.releaseOutcome === 'late');
  if (policy === 'card_on_file') {
    if (a.status === 'no_show') return { no_show_fee: 'charged' };
    return late ? { late_cancel_fee: 'charged' } : {};
  }
  if (a.status === 'completed') return { deposit: 'posted' };
  if (late) return { deposit: 'kept' };
  if (a.status === 'cancelled' && a.releaseOutcome !== 'pending') return { deposit: 'refunded' };
  return {};
}

/** What the business earned from deposits and fees (in USD; its swaps' fees are OfferModel.businessFeesEarned). */
export function expectedEarnings(policy: PaymentPolicy, appointments: PaidAppointment[]): number {
  const amount: Record<string, number> = { no_show_fee: NO_SHOW_FEE_CENTS, late_cancel_fee: LATE_CANCEL_FEE_CENTS, deposit: DEPOSIT_CENTS };
  let cents = 0;
  for (const a of appointments) {
    for (const [kind, outcome] of Object.entries(expectedCharges(policy, a))) if (outcome !== 'refunded') cents += amount[kind];
  }
  return cents;
}

export class WaitlistModel {
  entries: ModelEntry[] = [];

  /** The entries to offer a freed visit at `time`, oldest first: those of the day whose window it can serve (que_waitlist_offer_freed). */
  servedBy(time: string): ModelEntry[] {
    const [from, to] = [minutes(time), minutes(time) + VISIT_MINUTES];
    return this.entries.filter((e) => e.status === 'waiting' && minutes(e.fromTime) < to && minutes(e.toTime) + VISIT_MINUTES > from);
  }

  /** The starts of an entry's window, in order. */
  startsIn(e: Pick<ModelEntry, 'fromTime' | 'toTime'>): string[] {
    return SLOTS.filter((s) => s >= e.fromTime && s < e.toTime);
  }

  /** The customer's entry that still counts (one per customer, business and date). */
  activeOf(customer: number) {
    return this.entries.find((e) => e.customer === customer && (e.status === 'waiting' || e.status === 'offered'));
  }
}
