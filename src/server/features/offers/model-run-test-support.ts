import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { RULES } from '../../../contract/rules.js';
import { clockOf, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, type Client, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { expireDueOffers, settleDueOffers } from './offer-jobs.js';
import { authorizedIntent, grantCredit, runPaymentActions } from './test-fixtures.js';
import { offerInvariantViolations, offerSnapshot } from './test-invariants.js';
import { canAnswer, isLive, partyToAnswer, type ModelAppointment, type ModelOffer, OfferModel, SLOTS, split } from './test-model.js';

// The HTTP driver of the model-based tests (offers.model.test.ts, and the deposits and waitlist
// model that extends it): one run's steps against the app, the model's expectations checked after
// each, and the fast-check loop around the runs (runModel). The rules are in test-model.ts.

/** The offer steps and how often each is drawn. */
export const offerKinds = {
  book: 8, grant: 3, offer: 8, counter: 4, accept: 3, acceptCounter: 2, decline: 1, cancelOffer: 1,
  cancelAppointment: 1, reschedule: 1, complete: 3, noShow: 2, backdate: 2, expireSweep: 2, settleSweep: 1, paymentSweep: 1,
} as const;

export interface ModelAction {
  kind: string;
  /** Choices resolved against the state when the step runs (who, which appointment or offer, how much). */
  i: number;
  j: number;
  k: number;
  n: number;
}

/** Steps drawn by weight from `kinds`, each with its free choices. */
export const actionArbitrary = (kinds: Record<string, number>): fc.Arbitrary<ModelAction> =>
  fc.record({
    kind: fc.oneof(...Object.entries(kinds).map(([kind, weight]) => ({ arbitrary: fc.constant(kind), weight }))),
    i: fc.nat(1000),
    j: fc.nat(1000),
    k: fc.nat(1000),
    n: fc.nat(1000),
  });

/** What the runs covered and how long they took, printed at the end. */
export class ModelTally {
  runs = 0;
  steps = 0;
  timing = { step: 0, check: 0, inv: 0 };
  /** How often each kind of step succeeded and was refused. */
  coverage: Record<string, { ok: number; refused: number }> = {};
}

export interface ModelSize {
  runs: number;
  steps: number;
  /** No new run starts after this many seconds (every run started is finished). */
  seconds: number;
}

/**
 * Runs `size.runs` random sequences of `size.steps` actions, each on a fresh run, checking the run
 * after every step; a failure says the steps so far. MODEL_SEED replays, MODEL_SHRINK=1 shrinks.
 */
export async function runModel<R extends OfferModelRun>(name: string, size: ModelSize, arbitrary: fc.Arbitrary<ModelAction>, newRun: () => R, tally: ModelTally) {
  const started = Date.now();
  await fc.assert(
    fc.asyncProperty(fc.array(arbitrary, { minLength: size.steps, maxLength: size.steps }), async (actions) => {
      // Time is up: the remaining runs pass at once. Not fast-check's interruptAfterTimeLimit, which
      // cuts a run short and, on a machine so loaded that the first run outlasts the limit, fails
      // having checked nothing ("interrupted after 0 tests"): every run started is finished.
      if (tally.runs > 0 && Date.now() - started > size.seconds * 1000) return;
      const run = newRun();
      await run.start();
      tally.runs++;
      for (const action of actions) {
        try {
          const t0 = performance.now();
          run.current = action.kind;
          await run.step(action);
          const t1 = performance.now();
          await run.check();
          tally.timing.step += t1 - t0;
          tally.timing.check += performance.now() - t1;
        } catch (error) {
          throw new Error(`${(error as Error).message}\nsteps so far:\n  ${run.log.join('\n  ')}`, { cause: error });
        }
        tally.steps++;
      }
    }),
    {
      numRuns: size.runs,
      seed: process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : undefined,
      endOnFailure: process.env.MODEL_SHRINK !== '1',
    },
  );
  const { step, check, inv } = tally.timing;
  console.log(`${name}: ${tally.runs} runs, ${tally.steps} steps in ${((Date.now() - started) / 1000).toFixed(1)} s (${process.env.TEST_DB}) step ${step.toFixed(0)} ms, check ${check.toFixed(0)} ms (invariants ${inv.toFixed(0)} ms)`);
  console.log(Object.entries(tally.coverage).map(([kind, t]) => `${kind} ${t.ok} ok / ${t.refused} refused`).join(', '));
}

/**
 * One run of the offers model: a fresh shop, its customers, and the actions in order, through the
 * HTTP API. Other models (deposits and the waitlist) extend it: the hooks below are where their
 * rules enter the offer steps (what a booking must carry, when a customer may no longer cancel, the
 * time a step frees, how the clock is moved for a visit).
 */
export class OfferModelRun {
  model!: OfferModel;
  shop!: Awaited<ReturnType<typeof serviceBusiness>>;
  date = upcomingWeekday(3);
  log: string[] = [];
  current: string = 'book';
  customers: Client[] = [];

  constructor(
    readonly ctx: TestContext,
    readonly tally: ModelTally,
    readonly customerCount = 4,
  ) {}

  async creditOf(userIds: number[]): Promise<number[]> {
    const rows = await queryRows<{ user_id: number; spendable: string }>(
      this.ctx.database,
      `select user_id, credits_posted - debits_posted - debits_pending as spendable from ledger_accounts
       where kind = 'user_credit' and asset = 'CREDIT' and user_id in (${userIds.join(',')})`,
    );
    return userIds.map((id) => Number(rows.find((r) => Number(r.user_id) === id)?.spendable ?? 0));
  }

  /** What a booking by `who` sends beyond the slot (a card for a payment policy), and whether it should be enough. */
  protected async bookingPayment(_who: number, _x: number): Promise<{ body: Record<string, unknown>; enough: boolean }> {
    return { body: {}, enough: true };
  }

  /** The customer's cancel and reschedule cut-off has passed for this appointment (the owner may still cancel). */
  protected customerCutoffPassed(_appointment: ModelAppointment): boolean {
    return false;
  }

  /** A step freed this appointment's time (a cancel, or `from` the time a reschedule left). */
  protected freed(_appointment: ModelAppointment, _from: string): void {}

  /** Runs `act` with the app's clock at `at` (ms): by default moved there for good, never back, as time does. */
  protected async atClock<T>(at: number, act: () => Promise<T>): Promise<T> {
    clockOf(this.ctx.app).advanceTo(at);
    return act();
  }

  /** The instant (ms) an appointment of this run starts. */
  async startOf(id: number): Promise<number> {
    const [start] = await queryRows<{ at: Date | string }>(this.ctx.database,
      `select coalesce(que_instant(a.starts_at, b.time_zone), a.starts_at at time zone b.time_zone) as at
         from appointments a join businesses b on b.id = a.business_id where a.id = ${Math.trunc(id)}`);
    return new Date(start.at).getTime();
  }

  async start() {
    // Leftovers of an earlier (failed) run must not change credit under this run's feet.
    await expireDueOffers(this.ctx.app.db);
    this.shop = await serviceBusiness(this.ctx.app);
    this.customers = [];
    for (let c = 0; c < this.customerCount; c++) this.customers.push(await signUp(this.ctx.app));
    // Two members: the shop's first, and one more (DESIGN section 9).
    const staff = await queryRows<{ id: number }>(this.ctx.database, `insert into staff_members (business_id, name, position) values (${this.shop.businessId}, 'Second', 2)
      returning id`);
    const [first] = await queryRows<{ id: number }>(this.ctx.database, `select id from staff_members where business_id = ${this.shop.businessId} and position = 1`);
    this.model = new OfferModel(await this.creditOf(this.customers.map((c) => c.user.id)), [first.id, staff[0].id]);
  }

  /** Every answer must be 2xx when the model says it should succeed, 4xx when refused, never 5xx. */
  expectOutcome(res: LightMyRequestResponse, ok: boolean, what: string) {
    this.log.push(`${what} -> ${res.statusCode}${res.statusCode >= 400 ? ` ${res.body.slice(0, 160)}` : ''}`);
    expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
    if (ok) expect(res.statusCode, `${what} should succeed: ${res.body}`).toBeLessThan(300);
    else expect(res.statusCode, `${what} should be refused`).toBeGreaterThanOrEqual(400);
    const tally = (this.tally.coverage[this.current] ??= { ok: 0, refused: 0 });
    tally[ok ? 'ok' : 'refused']++;
    return ok;
  }

  /** Mostly a confirmed appointment (matching `where`), so steps get somewhere; now and then any, to be refused. */
  pickAppointment(x: number, where: (a: ModelAppointment) => boolean = () => true) {
    const all = this.model.appointments;
    const fit = all.filter((a) => a.status === 'confirmed' && where(a));
    if (fit.length && x % 6 !== 0) return fit[x % fit.length];
    return all.length ? all[x % all.length] : undefined;
  }

  pickOffer(x: number) {
    const list = this.model.offers;
    // Mostly live offers, so negotiation gets somewhere; sometimes any offer, to try ended ones.
    const live = list.filter(isLive);
    if (live.length && x % 4 !== 0) return live[x % live.length];
    return list.length ? list[x % list.length] : undefined;
  }

  /** Mostly the party whose turn it is; now and then the other one, to be refused. */
  answerer(o: ModelOffer, x: number) {
    const turn = partyToAnswer(o);
    if (turn !== null && x % 4 !== 0) return turn;
    return x % 2 ? o.payer : o.recipient;
  }

  /** An authorized test-card intent of `cents` for a customer (the payment a card offer or raise needs). */
  intent = async (who: number, cents: number) => (await authorizedIntent(this.customers[who], cents / 100)).clientSecret;

  async step(a: ModelAction) {
    const m = this.model;
    const owner = this.shop.owner;
    switch (a.kind) {
      case 'book': {
        const who = a.i % this.customerCount;
        const time = SLOTS[a.j % SLOTS.length];
        // Mostly anyone; one in four by name, one of the two members.
        const named = a.k % 8 === 1 || a.k % 8 === 2 ? m.staffIds[(a.k % 8) - 1] : undefined;
        const payment = await this.bookingPayment(who, a.n);
        const res = await book(this.customers[who], { businessId: this.shop.businessId, serviceId: this.shop.serviceId, date: this.date, time, ...(named && { staffId: named }), ...payment.body });
        const free = (named ? m.memberFree(named, time) : m.slotFree(time)) && !m.customerBusy(who, time);
        if (this.expectOutcome(res, free && payment.enough, `c${who} books ${time}${named ? ` with ${named}` : ''}`)) {
          const staffId = res.json().staffId as number;
          expect(named ? staffId === named : m.memberFree(staffId, time), `booked with a free member (${staffId})`).toBe(true);
          m.appointments.push({ id: res.json().id as number, customer: who, time, status: 'confirmed', earnsCredit: m.bookingEarnsCredit(who), staffId, requested: named !== undefined });
        }
        return;
      }
      case 'grant': {
        const who = a.i % this.customerCount;
        const cents = 500 + (a.n % 40) * 100;
        await grantCredit(this.ctx.database, this.customers[who].user.id, cents);
        m.credit[who] += cents;
        this.log.push(`grant c${who} ${cents}`);
        return;
      }
      case 'offer':
        return this.makeOffer(a);
      case 'counter': {
        const o = this.pickOffer(a.j);
        if (!o) return;
        const who = this.answerer(o, a.i);
        const cents = (1 + (a.n % 60)) * 100 + (a.k % 3 === 0 ? 50 : 0);
        const more = who === o.payer ? m.shortfall(o, cents) : 0;
        const covered = more === 0 || (o.method === 'credits' ? m.credit[who] >= more : true);
        const body: Record<string, unknown> = { counterAmount: cents / 100 };
        if (more > 0 && o.method === 'cash' && canAnswer(o, who)) body.paymentIntentId = await this.intent(who, more);
        const res = await this.customers[who].post(`/api/queue-jump-offers/${o.id}/negotiate`, body);
        if (this.expectOutcome(res, canAnswer(o, who) && covered, `c${who} counters #${o.id} at ${cents}`)) m.counter(o, who, cents);
        return;
      }
      case 'accept':
      case 'acceptCounter': {
        const o = this.pickOffer(a.j);
        if (!o) return;
        const who = this.answerer(o, a.i);
        const more = m.shortfall(o, o.counterCents ?? o.offerCents);
        const covered = more === 0 || (o.method === 'credits' ? m.credit[who] >= more : a.k % 5 !== 0);
        const body: Record<string, unknown> = {};
        if (more > 0 && o.method === 'cash' && covered && canAnswer(o, who)) body.paymentIntentId = await this.intent(who, more);
        const path = a.kind === 'accept' ? 'accept' : 'accept-counter';
        const ok = canAnswer(o, who) && covered && (a.kind === 'accept' || o.status === 'negotiating') && m.swapKeepsOnePlace(o);
        const res = await this.customers[who].post(`/api/queue-jump-offers/${o.id}/${path}`, body);
        if (this.expectOutcome(res, ok, `c${who} ${path} #${o.id}`)) m.accept(o);
        return;
      }
      case 'decline':
      case 'cancelOffer': {
        const o = this.pickOffer(a.j);
        if (!o) return;
        const who = this.answerer(o, a.i);
        const sender = a.i % 4 !== 0 ? o.payer : o.recipient;
        const by = a.kind === 'decline' ? who : sender;
        const ok = a.kind === 'decline' ? canAnswer(o, who) : sender === o.payer && isLive(o) && !o.overdue;
        const path = a.kind === 'decline' ? 'decline' : 'cancel';
        const res = await this.customers[by].post(`/api/queue-jump-offers/${o.id}/${path}`);
        if (this.expectOutcome(res, ok, `c${by} ${path} #${o.id}`)) m.endOffer(o, a.kind === 'decline' ? 'declined' : 'cancelled');
        return;
      }
      case 'cancelAppointment': {
        const appt = this.pickAppointment(a.j);
        if (!appt) return;
        // its customer, the owner, or now and then a stranger (refused)
        const by = a.i % 5 === 0 ? owner : a.i % 7 === 0 ? this.customers[(appt.customer + 1) % this.customerCount] : this.customers[appt.customer];
        const allowed = by === owner || (by === this.customers[appt.customer] && !this.customerCutoffPassed(appt));
        const res = await by.patch(`/api/appointments/${appt.id}`, { status: 'cancelled' });
        if (this.expectOutcome(res, allowed && appt.status === 'confirmed', `cancel appointment ${appt.id}`)) {
          appt.status = 'cancelled';
          appt.cancelledByBusiness = by === owner;
          m.appointmentChanged(appt, 'finished');
          this.freed(appt, appt.time);
        }
        return;
      }
      case 'reschedule': {
        const appt = this.pickAppointment(a.j);
        if (!appt) return;
        const others = SLOTS.filter((s) => s !== appt.time);
        const time = others[a.k % others.length];
        const res = await this.customers[appt.customer].patch(`/api/appointments/${appt.id}`, { date: this.date, time });
        // It keeps its member when free then; else another free one, unless its customer chose that member.
        const keeps = m.memberFree(appt.staffId, time, appt);
        const free = (appt.requested ? keeps : m.slotFree(time, appt)) && !m.customerBusy(appt.customer, time, [appt]);
        if (this.expectOutcome(res, appt.status === 'confirmed' && free && !this.customerCutoffPassed(appt), `reschedule ${appt.id} to ${time}`)) {
          const staffId = res.json().staffId as number;
          expect(keeps ? staffId === appt.staffId : m.memberFree(staffId, time, appt), `moved with a free member (${staffId})`).toBe(true);
          const from = appt.time;
          appt.staffId = staffId;
          appt.time = time;
          m.appointmentChanged(appt, 'moved');
          this.freed(appt, from);
        }
        return;
      }
      case 'complete': {
        const appt = this.pickAppointment(a.j);
        if (!appt) return;
        // The owner completes it once it has started, as a shop does on the day.
        const res = await this.atClock(await this.startOf(appt.id), () => owner.post(`/api/appointments/${appt.id}/complete`));
        if (this.expectOutcome(res, appt.status === 'confirmed', `complete ${appt.id}`)) {
          appt.status = 'completed';
          if (appt.earnsCredit) m.credit[appt.customer] += 100; // the booking's $1.00 becomes spendable
          m.appointmentChanged(appt, 'finished');
        }
        return;
      }
      case 'noShow': {
        // DESIGN section 11: the owner marks it missed from 15 minutes after its start (the app's
        // clock moved there): its credit voided, offers on it ended or settled as finished.
        const appt = this.pickAppointment(a.j);
        if (!appt) return;
        const from = (await this.startOf(appt.id)) + RULES.noShowFromMinutesAfterStart * 60_000;
        const res = await this.atClock(from, () => owner.post(`/api/appointments/${appt.id}/no-show`));
        if (this.expectOutcome(res, appt.status === 'confirmed', `no-show ${appt.id}`)) {
          appt.status = 'no_show';
          m.appointmentChanged(appt, 'finished');
        }
        return;
      }
      case 'backdate': {
        const o = this.pickOffer(a.j);
        if (!o) return;
        await queryRows(this.ctx.database, `update offers set expires_at = now() - interval '1 second' where id = ${o.id}`);
        if (isLive(o)) o.overdue = true;
        this.log.push(`backdate #${o.id}`);
        return;
      }
      case 'expireSweep': {
        const expired = await expireDueOffers(this.ctx.app.db);
        this.log.push(`expire sweep: ${expired}`);
        // at most what the model has overdue: the app's background sweep may have taken some already
        expect(expired).toBeLessThanOrEqual(m.expireOverdue());
        return;
      }
      case 'settleSweep':
        // Settlement happens at the completion or cancellation itself; the sweep finds nothing left.
        expect(await settleDueOffers(this.ctx.app.db)).toBe(0);
        this.log.push('settle sweep');
        return;
      case 'paymentSweep':
        await runPaymentActions(this.ctx.app);
        this.log.push('payment sweep');
        return;
    }
  }

  async makeOffer(a: ModelAction) {
    const m = this.model;
    const from = this.pickAppointment(a.j);
    const to = from && this.pickAppointment(a.k, (x) => x.customer !== from.customer);
    if (!from || !to) return;
    // Usually the sender owns `from` and the type fits the times; now and then not, to be refused.
    const who = a.i % 9 === 0 ? (from.customer + 1) % this.customerCount : from.customer;
    const natural = to.time < from.time ? 'queue_jump' : 'move_back';
    const type = a.n % 11 === 0 ? (natural === 'queue_jump' ? 'move_back' : 'queue_jump') : natural;
    const method = a.i % 2 ? 'credits' : 'cash';
    const cents = a.n % 13 === 0 ? 100 + (a.n % 4) * 100 : 500 + (a.n % 30) * 100 + (a.n % 7 === 0 ? 50 : 0);
    const refusal = m.offerRefusal(who, from, to, type, cents, method);
    const body: Record<string, unknown> = { fromAppointmentId: from.id, toAppointmentId: to.id, offerAmount: cents / 100, offerType: type, paymentMethod: method };
    if (method === 'cash' && (refusal === null || a.k % 3 === 0)) body.paymentIntentId = await this.intent(who, split(cents).totalCents);
    const res = await this.customers[who].post('/api/queue-jump-offers', body);
    const what = `c${who} offers ${type} ${method} ${cents} ${from.id}->${to.id}${refusal ? ` (refusal expected: ${refusal})` : ''}`;
    if (!this.expectOutcome(res, refusal === null, what)) return;
    const offer: ModelOffer = {
      id: res.json().id as number,
      payer: who,
      recipient: to.customer,
      fromAppointment: from,
      toAppointment: to,
      method,
      offerCents: cents,
      counterCents: null,
      agreedCents: null,
      status: 'pending',
      lastBy: null,
      escrowCents: split(cents).totalCents,
      overdue: false,
      escrowStatus: 'held',
    };
    if (method === 'credits') m.credit[who] -= offer.escrowCents;
    m.offers.push(offer);
  }

  /** The database against the model, then the invariants that hold for every offer in it. */
  async check() {
    const m = this.model;
    const users = this.customers.map((c) => c.user.id);
    const db = await offerSnapshot(this.ctx.database, { appointments: m.appointments.map((x) => x.id), offers: m.offers.map((o) => o.id), users });
    // The app's own sweep (every 5 s) may expire an overdue offer before our sweep step does.
    for (const o of m.offers) {
      if (o.overdue && o.status !== 'expired' && db.offers.find((x) => x.id === o.id)?.status === 'expired') m.expiredInBackground(o);
    }
    const byId = <T extends { id: number }>(xs: T[]) => [...xs].sort((x, y) => x.id - y.id);
    expect(db.appointments, 'appointments').toEqual(byId(m.appointments).map(({ id, time, status, staffId }) => ({ id, time, status, staffId })));
    expect(db.offers, 'offers and their escrow').toEqual(
      byId(m.offers).map((o) => ({
        id: o.id,
        status: o.status,
        escrowStatus: o.escrowStatus,
        counterCents: o.counterCents,
        agreedCents: o.agreedCents,
        // live: held by pending transfers; accepted and unsettled: posted into escrow; else empty
        posted: o.status === 'accepted' ? o.escrowCents : 0,
        pending: o.status === 'accepted' ? 0 : o.escrowCents,
      })),
    );
    const credit = users.map((id) => Number(db.credit.find((c) => c.userId === id)?.spendable ?? 0));
    expect(credit, 'spendable credit per customer').toEqual(m.credit);
    const t = performance.now();
    expect(await offerInvariantViolations(this.ctx.database), 'invariants').toEqual([]);
    this.tally.timing.inv += performance.now() - t;
  }
}
