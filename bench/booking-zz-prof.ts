import pg from 'pg';
import { bookAppointment } from '../src/server/features/appointments/book-appointment.js';
import { openDatabase } from '../src/server/db/client.js';
import { bookRaw } from './booking-raw.js';
import { contact, createBenchDatabase, createShop, httpClient, mapLimit, register, startAppServer, weekdaySlots } from './booking-support.js';
const orig = pg.Client.prototype.query;
let log = false; const seen: string[] = [];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
(pg.Client.prototype as any).query = function (this: unknown, ...args: any[]) { if (log) { const q = args[0]; seen.push(typeof q === 'string' ? q : q.text); } return (orig as any).apply(this, args); };
const db = await createBenchDatabase('prof');
const server = await startAppServer(db.url, 20);
const http = httpClient(server.port, 4);
const inProcess = await openDatabase({ kind: 'postgres', url: db.url, poolSize: 20 });
const pool = new pg.Pool({ connectionString: db.url, max: 20 });
try {
  const c = await register(http, 'prof_c', 'customer');
  const shopA = await createShop(http, 'profa');
  const shopB = await createShop(http, 'profb');
  const slots = weekdaySlots();
  const user = { id: c.id, username: 'x', email: 'x@example.com', userType: 'customer' as const, businessId: null };
  log = true;
  await bookAppointment(inProcess.db, user, { businessId: shopA.businessId, serviceId: shopA.serviceId, ...slots[300], ...contact, notes: '', blockOffers: false });
  log = false; console.log(seen.map((q) => q.slice(0, 150).replace(/\s+/g, ' ')).join('\n'));
  let t = performance.now();
  for (let k = 0; k < 200; k++) await bookAppointment(inProcess.db, user, { businessId: shopA.businessId, serviceId: shopA.serviceId, ...slots[k], ...contact, notes: '', blockOffers: false });
  console.log('in-process sequential ms/booking', (performance.now() - t) / 200);
  t = performance.now();
  for (let k = 0; k < 200; k++) await bookRaw(pool, { userId: c.id, businessId: shopB.businessId, serviceId: shopB.serviceId, ...slots[k], ...contact });
  console.log('raw sequential ms/booking', (performance.now() - t) / 200);
} finally { http.close(); await pool.end(); await inProcess.close(); await server.stop(); await db.drop(); }
