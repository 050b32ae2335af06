// DESIGN section 8: 200 concurrent accepts on one appointment give exactly one swap, and every
// asset sums to zero. Two races over real HTTP against the app on 127.0.0.1, PostgreSQL underneath:
//  - the most live offers one appointment may receive (RULES.maxLiveOffersPerTarget, 5), each from a
//    payer of its own, accepted 200 times at once between them by their recipient;
//  - one offer accepted 200 times at once.
// Run: npx tsx bench/offer-contention.ts   (BENCH_DATABASE_URL, BENCH_CLIENTS)
import pg from 'pg';
import { createBenchDatabase, createShop, httpClient, mapLimit, percentile, register, round, startAppServer, weekdaySlots } from './booking-support.js';
import { bookOver, grantCredit, ledgerAndSlotProblems, offerOver } from './offer-support.js';
import { writeResult } from './results.js';
import { RULES } from '../src/contract/rules.js';

const CLIENTS = Math.min(Number(process.env.BENCH_CLIENTS ?? 200), 400);

const db = await createBenchDatabase('offer_contention');
const server = await startAppServer(db.url, 20);
const http = httpClient(server.port, CLIENTS);
const check = new pg.Client({ connectionString: db.url });
let failed = false;

/** Fires every accept before reading any answer; reports winners and the rest. */
async function race(name: string, requests: (() => Promise<{ status: number; ms: number; body: string }>)[]) {
  const started = performance.now();
  const results = await Promise.all(requests.map((r) => r()));
  const elapsed = performance.now() - started;
  const count = (s: number) => results.filter((x) => x.status === s).length;
  const other = results.filter((x) => x.status !== 200 && x.status !== 409);
  const ms = results.map((x) => x.ms);
  console.log(
    `${name}: 200=${count(200)}  409=${count(409)}  other=${other.length}  all answered in ${round(elapsed)} ms ` +
      `(p50 ${round(percentile(ms, 50))} ms, p99 ${round(percentile(ms, 99))} ms)`,
  );
  for (const x of other.slice(0, 5)) console.log(`  unexpected: ${x.status} ${x.body.slice(0, 120)}`);
  return count(200) === 1 && count(409) === results.length - 1;
}

/** How many appointments moved away from the slot they were booked into (a swap moves exactly two). */
async function movedAppointments(ids: number[], booked: Map<number, string>) {
  const rows = await check.query(`select id, to_char(starts_at, 'YYYY-MM-DD HH24:MI') as at from appointments where id = any($1)`, [ids]);
  return rows.rows.filter((r) => booked.get(r.id) !== r.at).length;
}

try {
  await check.connect();
  const tag = process.pid;
  const shop = await createShop(http, `oc${tag}`);
  console.log(`registering ${CLIENTS + 1} customers and booking their appointments…`);
  const [recipient, ...payers] = await mapLimit(Array.from({ length: CLIENTS + 1 }, (_, i) => i), 4, (i) => register(http, `oc_${tag}_${i}`, 'customer'));
  // the recipient has the last slot; each payer an earlier one, so each may offer a move back onto it
  const slots = weekdaySlots();
  if (slots.length < CLIENTS + 2) throw new Error(`only ${slots.length} slots for ${CLIENTS} payers`);
  const target = slots[slots.length - 1];
  const recipientAppointment = await bookOver(http, recipient.cookie, shop, target);
  const payerAppointments = await mapLimit(payers, 8, (p, i) => bookOver(http, p.cookie, shop, slots[i]));
  await grantCredit(db.url, payers.map((p) => p.id), 5000);
  const booked = new Map<number, string>([[recipientAppointment, `${target.date} ${target.time}`], ...payerAppointments.map((id, i) => [id, `${slots[i].date} ${slots[i].time}`] as [number, string])]);

  // 1. as many offers on one appointment as it may receive, accepted CLIENTS times at once between them
  const LIVE = RULES.maxLiveOffersPerTarget;
  const offers = await mapLimit(payers.slice(0, LIVE), 8, (p, i) =>
    offerOver(http, p.cookie, { fromAppointmentId: payerAppointments[i], toAppointmentId: recipientAppointment, offerType: 'move_back', offerAmount: 10 }),
  );
  const oneWinner = await race(
    `${LIVE} offers on one appointment accepted ${CLIENTS} times at once`,
    Array.from({ length: CLIENTS }, (_, k) => () => http.request('POST', `/api/queue-jump-offers/${offers[k % LIVE]}/accept`, {}, recipient.cookie)),
  );
  const statuses = await check.query(`select status, count(*)::int as n from offers group by status order by status`);
  const moved = await movedAppointments([...booked.keys()], booked);
  console.log(`  offers by status: ${statuses.rows.map((r) => `${r.status}=${r.n}`).join(', ')}; appointments moved: ${moved} (a swap moves 2)`);
  const manyOffersOneSwap = oneWinner && moved === 2 && statuses.rows.find((r) => r.status === 'accepted')?.n === 1 && statuses.rows.find((r) => r.status === 'cancelled')?.n === LIVE - 1;
  failed ||= !manyOffersOneSwap;

  // 2. a fresh pair: one offer, accepted 200 times at once by its recipient
  const [payer, payee] = await Promise.all([register(http, `oc_${tag}_p`, 'customer'), register(http, `oc_${tag}_q`, 'customer')]);
  const [early, late] = [slots[CLIENTS], slots[CLIENTS + 1]];
  const payeeAppointment = await bookOver(http, payee.cookie, shop, early);
  const payerAppointment = await bookOver(http, payer.cookie, shop, late);
  await grantCredit(db.url, [payer.id], 5000);
  const single = await offerOver(http, payer.cookie, {
    fromAppointmentId: payerAppointment,
    toAppointmentId: payeeAppointment,
    offerType: early.date === late.date ? 'queue_jump' : 'move_back',
    offerAmount: 10,
  });
  const once = await race(`one offer accepted ${CLIENTS} times at once`, Array.from({ length: CLIENTS }, () => () => http.request('POST', `/api/queue-jump-offers/${single}/accept`, {}, payee.cookie)));
  const pairMoved = await movedAppointments([payeeAppointment, payerAppointment], new Map([[payeeAppointment, `${early.date} ${early.time}`], [payerAppointment, `${late.date} ${late.time}`]]));
  const posts = await check.query(`select count(*)::int as n from ledger_transfers where offer_id = $1 and flags = 'post_pending'`, [single]);
  console.log(`  appointments moved: ${pairMoved} (a swap moves 2); holds posted into escrow: ${posts.rows[0].n}`);
  const oneOfferOnce = once && pairMoved === 2 && posts.rows[0].n === 1;
  failed ||= !oneOfferOnce;

  const problems = await ledgerAndSlotProblems(check);
  console.log(`ledger sums to zero per asset, nothing overdrawn, no overlap: ${problems.length ? problems.join('; ') : 'yes'}`);
  failed ||= problems.length > 0;
  const races = [manyOffersOneSwap, oneOfferOnce].filter(Boolean).length;
  writeResult(
    'offer-contention',
    [{ name: `${CLIENTS} concurrent accepts on one appointment: races with exactly one swap`, value: races, unit: 'of 2 races', target: '2 of 2', met: races === 2, detail: `${RULES.maxLiveOffersPerTarget} offers on one appointment accepted ${CLIENTS} times at once; one offer accepted ${CLIENTS} times at once` }],
    {
      [`${RULES.maxLiveOffersPerTarget} offers on one appointment accepted ${CLIENTS} times: one accepted, the rest cancelled and refunded, 2 appointments moved`]: manyOffersOneSwap,
      [`one offer accepted ${CLIENTS} times: one 200, one hold posted`]: oneOfferOnce,
      'ledger sums to zero, nothing overdrawn, no overlap': problems.length === 0,
    },
    problems,
  );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  http.close();
  await check.end().catch(() => {});
  await server.stop();
  await db.drop();
}
console.log(failed ? 'RESULT: FAILED' : 'RESULT: OK');
process.exit(failed ? 1 : 0);
