import { contact, createBenchDatabase, createShop, httpClient, mapLimit, register, startAppServer, weekdaySlots } from './booking-support.js';
const db = await createBenchDatabase('prof');
const server = await startAppServer(db.url, 20);
const http = httpClient(server.port, 16);
try {
  const customers = await mapLimit(Array.from({ length: 16 }, (_, i) => i), 4, (i) => register(http, `pc_${i}`, 'customer'));
  const shops = await mapLimit(Array.from({ length: 16 }, (_, i) => i), 4, (i) => createShop(http, `ps_${i}`));
  const slots = weekdaySlots();
  const t = performance.now(); let n = 0;
  await Promise.all(customers.map(async (c, i) => { for (let k = 0; k < 80; k++) { const r = await http.request('POST', '/api/appointments', { businessId: shops[i].businessId, serviceId: shops[i].serviceId, ...slots[k], ...contact }, c.cookie); if (r.status === 201) n++; } }));
  console.log('http bookings/s', (n / ((performance.now() - t) / 1000)).toFixed(1), n);
} finally { http.close(); await server.stop(); await db.drop(); }
