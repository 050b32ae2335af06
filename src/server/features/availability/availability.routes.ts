import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Weekly hours, blocked dates, restaurant time slots, available slots, earliest appointments.
export const availabilityRoutes: FastifyPluginAsyncZod = async () => {};
