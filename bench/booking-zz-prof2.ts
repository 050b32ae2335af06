import { bookAppointment } from '../src/server/features/appointments/book-appointment.js';
import { openDatabase } from '../src/server/db/client.js';
import { contact, createBenchDatabase, createShop, httpClient, register, startAppServer, weekdaySlots } from './booking-support.js';
const db = await createBenchDatabase('prof');
const server = await startAppServer(db.url, 20);
const http = httpClient(server.port, 4);
const inProcess = await openDatabase({ kind: 'postgres', url: db.url, poolSize: 20 });
try {
  const c = await register(http, 'prof_c', 'customer');
  const shops = [await createShop(http, 'profa'), await createShop(http, 'profb')];
  const slots = weekdaySlots();
  const user = { id: c.id, username: 'x', email: 'x@example.com', userType: 'customer' as const, businessId: null };
  const t = performance.now();
  for (const shop of shops) for (let k = 0; k < 250; k++) await bookAppointment(inProcess.db, user, { businessId: shop.businessId, serviceId: shop.serviceId, ...slots[k], ...contact, notes: '', blockOffers: false });
  console.log('in-process sequential ms/booking', (performance.now() - t) / 500);
} finally { http.close(); await inProcess.close(); await server.stop(); await db.drop(); }
