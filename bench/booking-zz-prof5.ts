import { bookAppointment } from '../src/server/features/appointments/book-appointment.js';
import { openDatabase } from '../src/server/db/client.js';
import { contact, createBenchDatabase, createShop, httpClient, mapLimit, register, startAppServer, weekdaySlots } from './booking-support.js';
const db = await createBenchDatabase('prof');
const server = await startAppServer(db.url, 20);
const http = httpClient(server.port, 4);
const inProcess = await openDatabase({ kind: 'postgres', url: db.url, poolSize: 20 });
try {
  const customers = await mapLimit(Array.from({ length: 16 }, (_, i) => i), 4, (i) => register(http, `pc_${i}`, 'customer'));
  const shops = await mapLimit(Array.from({ length: 16 }, (_, i) => i), 4, (i) => createShop(http, `ps_${i}`));
  const slots = weekdaySlots();
  const t = performance.now(); let n = 0;
  await Promise.all(customers.map(async (c, i) => { const user = { id: c.id, username: 'x', email: 'x@example.com', userType: 'customer' as const, businessId: null };
    for (let k = 0; k < 100; k++) { await bookAppointment(inProcess.db, user, { businessId: shops[i].businessId, serviceId: shops[i].serviceId, ...slots[k], ...contact, notes: '', blockOffers: false }); n++; } }));
  console.log('in-process bookings/s', (n / ((performance.now() - t) / 1000)).toFixed(1), n);
} finally { http.close(); await inProcess.close(); await server.stop(); await db.drop(); }
