import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Booking, listing, cancelling, rescheduling and completing appointments; restaurant reservations.
export const appointmentsRoutes: FastifyPluginAsyncZod = async () => {};
