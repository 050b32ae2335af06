import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { createBusinessSchema } from '../../../src/contract/businesses.js';
import { serviceInputSchema } from '../../../src/contract/services.js';
import type { Db } from '../../../src/server/db/client.js';
import type { TimeZones } from '../../../src/server/db/time-zones.js';
import { argon2Options } from '../../../src/server/features/auth/register-user.js';
import { createServiceBusiness } from '../../../src/server/features/businesses/index.js';
import { createService } from '../../../src/server/features/services/index.js';
import type { ServiceBusinessSeed } from './seed';

/**
 * The e2e app's side door for test data a test is not about: a few dozen businesses that a search or a
 * list needs to have more than a page of. Through the API each one cost a sign-up (argon2 at the
 * production cost), a business and a service, three round trips through a server the browsers share;
 * here the owners are one insert and each business and its service go through the same functions the
 * routes call (createServiceBusiness, createService: default hours, search text, first staff member), so
 * what the pages then show is what the API would have made. It listens on a port of its own, beside the
 * app, so the app under test has no route it would not have in production.
 */
export function startSeedServer(db: Db, timeZones: TimeZones): Promise<{ server: Server; address: string }> {
  // The owners never sign in (the tests drive the pages as visitors): one real hash of a password nobody knows.
  const passwordHash = hash(randomBytes(18).toString('base64url'), argon2Options);
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      try {
        // The reminder e-mails written for an appointment (reminders.e2e.ts reads its links as the customer would).
        if (req.method === 'POST' && req.url === '/reminder-mail') {
          const { appointmentId } = JSON.parse(body) as { appointmentId: number };
          const rows = (await db.execute(sql`select subject, text from email_outbox where appointment_id = ${appointmentId} and kind = 'reminder' order by id`)) as unknown as { rows: unknown[] };
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows.rows));
          return;
        }
        if (req.method !== 'POST' || req.url !== '/service-businesses') throw new Error(`no such seeding: ${req.method} ${req.url}`);
        const { shops } = JSON.parse(body) as { shops: ServiceBusinessSeed[] };
        const ids = await seedServiceBusinesses(db, timeZones, await passwordHash, shops);
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(ids));
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error instanceof Error ? error.stack : error));
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    resolve({ server, address: `http://127.0.0.1:${port}` });
  }));
}

async function seedServiceBusinesses(db: Db, timeZones: TimeZones, passwordHash: string, shops: ServiceBusinessSeed[]) {
  const owners = shops.map((_, i) => `seed${Date.now().toString(36)}${randomBytes(3).toString('hex')}${i}`);
  const inserted = (await db.execute(sql`insert into users (username, email, password_hash, user_type)
    select x.username, x.username || '@example.com', ${passwordHash}, 'business'
    from json_to_recordset(${JSON.stringify(owners.map((username) => ({ username })))}::json) as x(username text)
    returning id, username`)) as unknown as { rows: { id: number; username: string }[] };
  const idOf = new Map(inserted.rows.map((row) => [row.username, Number(row.id)]));
  const made: { businessId: number; serviceId: number }[] = [];
  for (const [i, shop] of shops.entries()) {
    const username = owners[i];
    const owner = { id: idOf.get(username)!, username, email: `${username}@example.com`, userType: 'business' as const, businessId: null, fullName: null, phone: null };
    const business = await createServiceBusiness(db, owner, createBusinessSchema.parse(shop.business), timeZones);
    const service = await createService(db, { ...owner, businessId: business.id }, business.id, serviceInputSchema.parse(shop.service));
    made.push({ businessId: business.id, serviceId: service.id });
  }
  return made;
}
