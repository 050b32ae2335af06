import pg from 'pg';
import { bookAppointment } from '../src/server/features/appointments/book-appointment.js';
import { openDatabase } from '../src/server/db/client.js';
import { bookRaw } from './booking-raw.js';
import { contact, createBenchDatabase, createShop, httpClient, register, startAppServer, weekdaySlots } from './booking-support.js';
const orig = pg.Client.prototype.query;
let stats: Map<string, number[]> | null = null;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
(pg.Client.prototype as any).query = function (this: unknown, ...args: any[]) {
  const q = args[0]; const text: string = typeof q === 'string' ? q : q.text; const t = performance.now();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const r = (orig as any).apply(this, args);
  if (stats && r && typeof r.then === 'function') { const s = stats; r.then(() => { const k = text.replace(/\s+/g, ' ').slice(0, 60); if (!s.has(k)) s.set(k, []); s.get(k)!.push(performance.now() - t); }, () => {}); }
  return r;
};
const db = await createBenchDatabase('prof');
const server = await startAppServer(db.url, 20);
const http = httpClient(server.port, 4);
const inProcess = await openDatabase({ kind: 'postgres', url: db.url, poolSize: 20 });
const pool = new pg.Pool({ connectionString: db.url, max: 20 });
function report(name: string, s: Map<string, number[]>) { let sum = 0; console.log(name); for (const [k, v] of s) { const avg = v.reduce((a, b) => a + b, 0) / v.length; sum += avg; console.log(`  ${avg.toFixed(2).padStart(6)} ms x${v.length} ${k}`); } console.log(`  sum of averages ${sum.toFixed(2)} ms`); }
try {
  const c = await register(http, 'prof_c', 'customer');
  const shopA = await createShop(http, 'profa'); const shopB = await createShop(http, 'profb');
  const slots = weekdaySlots();
  const user = { id: c.id, username: 'x', email: 'x@example.com', userType: 'customer' as const, businessId: null };
  for (let round = 0; round < 2; round++) {
    stats = new Map(); let t = performance.now();
    for (let k = round * 100; k < round * 100 + 100; k++) await bookAppointment(inProcess.db, user, { businessId: shopA.businessId, serviceId: shopA.serviceId, ...slots[k], ...contact, notes: '', blockOffers: false });
    console.log('in-process ms/booking', ((performance.now() - t) / 100).toFixed(2)); report('in-process', stats);
    stats = new Map(); t = performance.now();
    for (let k = round * 100; k < round * 100 + 100; k++) await bookRaw(pool, { userId: c.id, businessId: shopB.businessId, serviceId: shopB.serviceId, ...slots[k], ...contact });
    console.log('raw ms/booking', ((performance.now() - t) / 100).toFixed(2)); report('raw', stats);
  }
  stats = null;
} finally { http.close(); await pool.end(); await inProcess.close(); await server.stop(); await db.drop(); }
