// The HTTP ceiling (bench/booking-throughput.ts, its sixth path): what the app's own request path
// costs around a booking that keeps none of the app's rules. A bench-only route, added by the bench
// server (bench/booking-server.ts, BENCH_CEILING_ROUTE=1) and never by the app: the same session
// lookup, body schema (the booking's createAppointmentSchema), error handler, security headers and
// compression as POST /api/appointments, then the raw floor's transaction (bench/booking-minimal.ts
// bookFloor: select an overlap, insert under an exclusion constraint, a credit row, commit) on the
// floor's own tables. Its rate against the raw floor's, in the same rounds, is the most any booking
// over this HTTP stack can reach: whatever the rules cost comes off it. Beside it, the bare ceiling:
// node's own http server (no Fastify, session, schema or hooks) around the same transaction, in the
// same process on a port of its own, so the request path's share and HTTP's own are told apart.
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createAppointmentSchema } from '../src/contract/appointments.js';
import { requireUser } from '../src/server/plugins/session.js';
import { bookFloor } from './booking-minimal.js';

/** The route's path: under /api/ so it goes through every API hook (it is left out of no check of the bench's). */
export const CEILING_ROUTE = '/api/bench/floor-booking';
/** The floor's businesses for this path: distinct from the floor path's own (1,000,000 + i), on the same tables. */
export const CEILING_BUSINESS_BASE = 2_000_000;
/** The bare ceiling's businesses, distinct from both on the same tables. */
export const BARE_BUSINESS_BASE = 4_000_000;

export function addCeilingRoute(app: FastifyInstance, databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  app.addHook('onClose', async () => pool.end());
  app.post(CEILING_ROUTE, { schema: { body: createAppointmentSchema } }, async (request, reply) => {
    const user = requireUser(request);
    const body = request.body as { businessId: number; date: string; time: string };
    // The client's own floor tables, as the raw floor path books them (no two clients share a table).
    const client = Number((request.query as { client?: string }).client ?? 0);
    const booked = await bookFloor(pool, client, { businessId: body.businessId, userId: user.id, date: body.date, time: body.time, minutes: 30 });
    return reply.code(booked ? 201 : 409).send({ booked });
  });
}

/** The bare ceiling's server: node's http, JSON in and out, the raw floor's transaction; listening, it gives its port. */
export function startBareCeilingServer(databaseUrl: string): Promise<{ port: number; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { businessId: number; userId: number; date: string; time: string };
      const client = Number(new URL(request.url ?? '/', 'http://bench').searchParams.get('client') ?? 0);
      void bookFloor(pool, client, { ...body, minutes: 30 }).then(
        (booked) => {
          const out = JSON.stringify({ booked });
          response.writeHead(booked ? 201 : 409, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) });
          response.end(out);
        },
        () => response.writeHead(500).end(),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : 0,
        close: () => new Promise<void>((done) => server.close(() => void pool.end().then(() => done()))),
      });
    }),
  );
}
