/**
 * Model-based test of DESIGN section 11 (decisions 0032, 0033) mixed with the paid slot swaps of
 * offers.model.test.ts, whose driver it extends (offers/model-run-test-support.ts): each run's shop takes a
 * deposit ($20) or keeps a card on file (no-show fee $15, late-cancel fee $10), with no cancel
 * cut-off (customers cancel on time) or a week's (they may only release to the waitlist). Random
 * bookings with the card they need (now and then without: 402), cancels, completions, no-shows
 * (the app's clock set 15 minutes past the start, then let run again), offers and swaps, waitlist
 * joins, holds offered on each freed time, claims (with the card the service needs), leaving,
 * a hold's expiry (its lapse job run with the clock past it), releases and a release's start.
 * After every step: the offers model's checks, the entries and holds as the model says, each
 * appointment's settled charges, the business's earnings (as its policy and ending say, plus each
 * settled swap's business fee), each release's outcome, and the invariants: every asset sums to zero, no transfer edited, each charge
 * once, deposit escrow as settled, no slot held twice, holds and entries agreeing, and no hold
 * past its end once its expiry ran.
 * Each run starts from a full morning. Size: MODEL_RUNS (default 24 on PGlite, 12 on PostgreSQL) × MODEL_STEPS (default 30), no new run
 * after MODEL_SECONDS (default 15; unlimited when MODEL_RUNS is given); MODEL_SEED, MODEL_SHRINK as there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsDone } from '../../jobs/jobs-test-support.js';
import { changesFollowed, clockOf, createTestApp, queryRows, type TestContext } from '../../test/test-app.js';
import { CHARGED_TWICE, DEPOSIT_ESCROW, DOUBLE_HELD, heldPast, HOLDS_MATCH_ENTRIES } from '../deposits/test-invariants.js';
import { authorizedIntent } from '../payments/test-fixtures.js';
import { SLOTS } from '../offers/test-model.js';
import { actionArbitrary, type ModelAction, ModelTally, OfferModelRun, offerKinds, runModel } from '../offers/model-run-test-support.js';
import {
  DEPOSIT_CENTS, expectedCharges, expectedEarnings, LATE_CANCEL_FEE_CENTS, type ModelEntry, NO_SHOW_FEE_CENTS, type PaidAppointment, type PaymentPolicy,
  WaitlistModel,
} from './test-model.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const RUNS = Number(process.env.MODEL_RUNS ?? (onPostgres ? 12 : 24));
const STEPS = Number(process.env.MODEL_STEPS ?? 30);
const SECONDS = Number(process.env.MODEL_SECONDS ?? (process.env.MODEL_RUNS || process.env.MODEL_SHRINK === '1' ? 3600 : 15));
const WEEK_MINUTES = 7 * 24 * 60;

const kinds = {
  ...offerKinds, offer: 4, counter: 2, cancelAppointment: 4, noShow: 3, complete: 2,
  join: 8, claim: 6, leave: 1, expireHold: 2, release: 4, releaseDue: 2,
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

class NoShowRun extends OfferModelRun {
  policy: PaymentPolicy = 'deposit';
  /** The shop's cancel cut-off is a week: every booking of the run is inside it. */
  cutoff = false;
  cards: string[] = [];
  wl = new WaitlistModel();
  /** Time freed by the step (a cancel, a release, a move, a lapse), in order, and the released booking it came from. */
  freedTimes: { time: string; releasedFrom?: PaidAppointment }[] = [];
  /** The transfers of this run as first seen (id → digest): none may change. */
  transfers = new Map<number, string>();
  firstTransfer = 0;
  /**
   * How far the clock was last passed, and the last appointment made by then. A hold made later is
   * made at the real clock, which is behind the passed one: its end can fall before `at` without it
   * having lapsed, so only the holds that existed then are checked against it.
   */
  expiredUpTo: { at: number; lastAppointmentId: number } | null = null;

  get paidAppointments() {
    return this.model.appointments as PaidAppointment[];
  }

  async start() {
    const index = this.tally.runs;
    await super.start();
    this.policy = index % 2 === 0 ? 'deposit' : 'card_on_file';
    this.cutoff = Math.floor(index / 2) % 2 === 1;
    const { owner, businessId, serviceId } = this.shop;
    const policies = this.policy === 'deposit'
      ? { paymentPolicy: 'deposit', depositCents: DEPOSIT_CENTS }
      : { paymentPolicy: 'card_on_file', noShowFeeCents: NO_SHOW_FEE_CENTS, lateCancelFeeCents: LATE_CANCEL_FEE_CENTS };
    expect((await owner.put(`/api/services/${serviceId}`, { name: 'Checkup', duration: 30, price: '40.00', policies })).statusCode).toBe(200);
    if (this.cutoff) expect((await owner.patch(`/api/businesses/${businessId}`, { policies: { cancelCutoffMinutes: WEEK_MINUTES } })).statusCode).toBe(200);
    for (const c of this.customers) {
      const saved = await c.post('/api/payment-methods', { cardNumber: '4242 4242 4242 4242' });
      expect(saved.statusCode, saved.body).toBe(201);
      this.cards.push(saved.json().paymentMethodId as string);
    }
    const [last] = await queryRows<{ id: number | null }>(ctx.database, 'select max(id) as id from ledger_transfers');
    this.firstTransfer = Number(last?.id ?? 0);
    this.log.push(`shop ${businessId}: ${this.policy}${this.cutoff ? ', a week\'s cancel cut-off' : ''}`);
    // A full morning (both members, 09:00-10:30), booked as the model's own steps: the waitlist has
    // something to wait for, and cancels, releases and lapses something to offer.
    for (let slot = 0; slot < 3; slot++) {
      for (const who of [0, 1]) await super.step({ kind: 'book', i: who, j: slot, k: 0, n: 1 });
    }
  }

  /** The card the service needs: an authorized deposit, or the customer's saved card; now and then none (402). */
  protected async bookingPayment(who: number, x: number) {
    if (x % 7 === 0) return { body: {}, enough: false };
    if (this.policy === 'card_on_file') return { body: { paymentMethodId: this.cards[who] }, enough: true };
    return { body: { paymentIntentId: (await authorizedIntent(this.customers[who], DEPOSIT_CENTS / 100)).paymentIntentId }, enough: true };
  }

  protected customerCutoffPassed() {
    return this.cutoff;
  }

  protected freed(appointment: PaidAppointment, from: string) {
    this.freedTimes.push({ time: from, releasedFrom: appointment.releaseOutcome === 'pending' ? appointment : undefined });
  }

  /** The app's clock at `at` for the step and the follow-ups it sets off, then running on with real time again. */
  protected async atClock<T>(at: number, act: () => Promise<T>): Promise<T> {
    clockOf(ctx.app).set(at);
    try {
      const result = await act();
      await changesFollowed(ctx.database);
      return result;
    } finally {
      clockOf(ctx.app).reset();
    }
  }

  pickEntry(x: number, status?: ModelEntry['status']) {
    const fit = this.wl.entries.filter((e) => e.status === status);
    if (fit.length && x % 5 !== 0) return fit[x % fit.length];
    return this.wl.entries.length ? this.wl.entries[x % this.wl.entries.length] : undefined;
  }

  async step(a: ModelAction) {
    this.freedTimes = [];
    switch (a.kind) {
      case 'join': await this.join(a); break;
      case 'claim': await this.claim(a); break;
      case 'leave': await this.leave(a); break;
      case 'expireHold': await this.expireHold(a); break;
      case 'release': await this.release(a); break;
      case 'releaseDue': await this.releaseDue(a); break;
      default: await super.step(a);
    }
    await changesFollowed(ctx.database);
    await this.offerFreedTime();
  }

  async join(a: ModelAction) {
    const who = a.i % this.customerCount;
    // Mostly in the full morning: one start, or two.
    const first = a.j % 4;
    const [from, to] = [SLOTS[first], SLOTS[first + 1 + (a.k % 2)]];
    const res = await this.customers[who].post('/api/waitlist', { businessId: this.shop.businessId, serviceId: this.shop.serviceId, date: this.date, fromTime: from, toTime: to });
    const full = this.wl.startsIn({ fromTime: from, toTime: to }).every((s) => !this.model.slotFree(s));
    if (this.expectOutcome(res, full && !this.wl.activeOf(who), `c${who} joins ${from}-${to}`)) {
      this.wl.entries.push({ id: res.json().id as number, customer: who, fromTime: from, toTime: to, status: 'waiting' });
    }
  }

  async claim(a: ModelAction) {
    const e = this.pickEntry(a.j, 'offered');
    if (!e) return;
    const who = a.i % 6 === 0 ? (e.customer + 1) % this.customerCount : e.customer;
    const payment = await this.bookingPayment(who, a.n);
    const res = await this.customers[who].post(`/api/waitlist/${e.id}/claim`, payment.body);
    const hold = e.hold;
    const ok = who === e.customer && e.status === 'offered' && payment.enough && !!hold && !this.model.customerBusy(who, hold.time, [hold]);
    if (!this.expectOutcome(res, ok, `c${who} claims entry ${e.id} (${hold?.time})`) || !hold) return;
    e.status = 'claimed';
    hold.earnsCredit = this.model.bookingEarnsCredit(who);
    hold.status = 'confirmed';
    hold.paid = true;
    if (e.releasedFrom?.releaseOutcome === 'pending') e.releasedFrom.releaseOutcome = 'on_time';
  }

  async leave(a: ModelAction) {
    const e = this.pickEntry(a.j, 'waiting');
    if (!e) return;
    const res = await this.customers[e.customer].delete(`/api/waitlist/${e.id}`);
    if (!this.expectOutcome(res, e.status === 'waiting' || e.status === 'offered', `c${e.customer} leaves entry ${e.id}`)) return;
    if (e.status === 'offered') this.lapse(e);
    e.status = 'cancelled';
  }

  /** A hold ends unclaimed: its row cancelled, its time offered on with where it came from. */
  lapse(e: ModelEntry) {
    e.hold!.status = 'cancelled';
    this.freedTimes.push({ time: e.hold!.time, releasedFrom: e.releasedFrom });
  }

  /**
   * The clock passes one hold's end: every hold due by then lapses, each by its lapse job run with the
   * clock there, one at a time in the order they end, its time offered on before the next lapses.
   */
  async expireHold(a: ModelAction) {
    const picked = this.pickEntry(a.j, 'offered');
    if (!picked?.hold?.heldUntil) return;
    const at = picked.hold.heldUntil + 1000;
    const due = this.wl.entries.filter((e) => e.status === 'offered' && e.hold!.heldUntil! <= at).sort((x, y) => x.hold!.heldUntil! - y.hold!.heldUntil!);
    this.log.push(`the clock passes hold ${picked.hold.id}'s end: ${due.length} due`);
    for (const e of due) {
      await this.atClock(at, async () => {
        await queryRows(ctx.database, `update graphile_worker._private_jobs set run_at = now() where key = 'waitlist:hold:${e.hold!.id}'`);
        await jobsDone(ctx.database, ['waitlist_hold_lapse']);
      });
      this.lapse(e);
      e.status = 'expired';
      await this.offerFreedTime();
      this.freedTimes = [];
    }
    this.expiredUpTo = { at, lastAppointmentId: Math.max(0, ...this.model.appointments.map((x) => x.id)) };
  }

  async release(a: ModelAction) {
    const appt = this.pickAppointment(a.j) as PaidAppointment | undefined;
    if (!appt) return;
    const who = a.i % 7 === 0 ? (appt.customer + 1) % this.customerCount : appt.customer;
    const res = await this.customers[who].post(`/api/appointments/${appt.id}/release`);
    if (!this.expectOutcome(res, who === appt.customer && appt.status === 'confirmed' && this.cutoff, `c${who} releases ${appt.id}`)) return;
    appt.status = 'cancelled';
    appt.releaseOutcome = 'pending';
    this.model.appointmentChanged(appt, 'finished');
    this.freed(appt, appt.time);
  }

  async releaseDue(a: ModelAction) {
    const released = this.paidAppointments.filter((x) => x.releaseOutcome !== undefined);
    const appt = released.find((x) => x.releaseOutcome === 'pending') ?? released[a.j % Math.max(1, released.length)];
    if (!appt) return;
    await queryRows(ctx.database, `update graphile_worker._private_jobs set run_at = now() where key = 'waitlist:release:${appt.id}'`);
    await jobsDone(ctx.database, ['waitlist_release_due']);
    this.log.push(`release ${appt.id} starts (${appt.releaseOutcome})`);
    if (appt.releaseOutcome === 'pending') appt.releaseOutcome = 'late';
  }

  /** Each freed time, in order, offered to the waiting entries it can serve, oldest first: the first free start of each one's window, held. */
  async offerFreedTime() {
    const m = this.model;
    for (const { time, releasedFrom } of this.freedTimes) {
      for (const e of this.wl.servedBy(time)) {
        const start = this.wl.startsIn(e).find((s) => m.slotFree(s));
        if (!start) continue;
        const [row] = await queryRows<{ id: number; staff_id: number; time: string; status: string; held_until: Date | string }>(ctx.database,
          `select a.id, a.staff_id, to_char(a.starts_at, 'HH24:MI') as time, a.status, a.held_until
             from waitlist_entries w join appointments a on a.id = w.appointment_id where w.id = ${e.id}`);
        expect(row, `entry ${e.id} is offered ${start} (freed ${time})`).toMatchObject({ time: start, status: 'held' });
        expect(m.memberFree(row.staff_id, start), `held with a free member (${row.staff_id})`).toBe(true);
        const hold: PaidAppointment = {
          id: row.id, customer: e.customer, time: start, status: 'held', earnsCredit: false, staffId: row.staff_id, requested: false, paid: false,
          heldUntil: new Date(row.held_until).getTime(),
        };
        m.appointments.push(hold);
        Object.assign(e, { status: 'offered', hold, releasedFrom });
        this.log.push(`  entry ${e.id} (c${e.customer}) offered ${start} as ${hold.id}`);
      }
    }
  }

  async check() {
    await super.check();
    const appts = this.paidAppointments;
    const ids = appts.map((x) => x.id).join(',') || 'null';
    const entries = await queryRows<{ id: number; status: string; appointment_id: number | null }>(ctx.database,
      `select id, status, appointment_id from waitlist_entries where business_id = ${this.shop.businessId} order by id`);
    expect(entries, 'waitlist entries').toEqual(this.wl.entries.map((e) => ({ id: e.id, status: e.status, appointment_id: e.hold?.id ?? null })));
    const charges = await queryRows<{ id: number; charges: Record<string, string> | null; release_outcome: string | null }>(ctx.database,
      `select a.id, a.release_outcome, (select json_object_agg(c.kind, c.outcome) from appointment_charges c where c.appointment_id = a.id) as charges
         from appointments a where a.id in (${ids}) order by a.id`);
    expect(charges, 'charges and release outcomes').toEqual([...appts].sort((x, y) => x.id - y.id)
      .map((x) => ({ id: x.id, release_outcome: x.releaseOutcome ?? null, charges: Object.keys(expectedCharges(this.policy, x)).length ? expectedCharges(this.policy, x) : null })));
    // One earnings account per asset: deposits, fees and card swaps' business fees in USD, credit swaps' in CREDIT.
    const earned = await queryRows<{ asset: string; cents: string }>(ctx.database,
      `select asset, sum(credits_posted - debits_posted) as cents from ledger_accounts where kind = 'business_fees' and business_id = ${this.shop.businessId} group by asset`);
    const swapFees = this.model.businessFeesEarned();
    const cents = (asset: string) => Number(earned.find((r) => r.asset === asset)?.cents ?? 0);
    expect({ USD: cents('USD'), CREDIT: cents('CREDIT') }, 'the business\'s earnings').toEqual({
      USD: expectedEarnings(this.policy, appts) + swapFees.USD, CREDIT: swapFees.CREDIT,
    });
    expect(await this.invariantViolations(), 'deposit, fee and hold invariants').toEqual([]);
  }

  async invariantViolations() {
    const checks = [CHARGED_TWICE, DOUBLE_HELD, HOLDS_MATCH_ENTRIES, DEPOSIT_ESCROW];
    const passed = this.expiredUpTo;
    if (passed !== null) checks.push(heldPast(`'${new Date(passed.at).toISOString()}'::timestamptz`, `business_id = ${this.shop.businessId} and id <= ${passed.lastAppointmentId}`));
    const problems = (await queryRows<{ problem: string }>(ctx.database, checks.map((q) => `(${q})`).join(' union all '))).map((r) => r.problem);
    // No transfer edited: each one of this run reads as it did when first seen.
    for (const t of await queryRows<{ id: number; digest: string }>(ctx.database,
      `select id, md5(t::text) as digest from ledger_transfers t where id > ${this.firstTransfer}`)) {
      const seen = this.transfers.get(Number(t.id));
      if (seen === undefined) this.transfers.set(Number(t.id), t.digest);
      else if (seen !== t.digest) problems.push(`transfer ${t.id} was edited`);
    }
    return problems;
  }
}

describe('deposits, fees, no-shows and waitlist holds against a model', () => {
  it(`keep the ledger, charges, holds and appointments consistent over ${RUNS} runs × ${STEPS} random steps`, async () => {
    const tally = new ModelTally();
    await runModel('no-shows model', { runs: RUNS, steps: STEPS, seconds: SECONDS }, actionArbitrary(kinds), () => new NoShowRun(ctx, tally), tally);
  }, 600_000);
});
