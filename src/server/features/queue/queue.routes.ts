import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dateField, timeField } from '../../../contract/availability.js';
import { queueEntrySchema } from '../../../contract/live.js';
import { idParam, jsonId } from '../../../contract/numbers.js';
import { callNextQueueEntry } from './call-next-queue-entry.js';
import { callQueueEntry } from './call-queue-entry.js';
import { listBusinessToday, listCustomerQueue, listSlotQueue } from './queue.service.js';

const entries = { 200: z.array(queueEntrySchema) };

// The live queue (DESIGN section 7): reads compute positions and waits; the owner calls entries.
export const queueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/queue/:entryId/call',
    { schema: { params: z.object({ entryId: idParam('entryId') }), response: { 200: queueEntrySchema } } },
    async (request) => callQueueEntry(app.db, request.user, request.params.entryId),
  );

  // Call next: today's first waiting customer (today as the owner's Today's queue reads it: the real
  // clock in the business's zone), of one member's line when staffId is given.
  app.post(
    '/queue/business/:businessId/call-next',
    {
      schema: {
        params: z.object({ businessId: idParam('businessId') }),
        body: z.object({ staffId: jsonId('staffId').nullable().optional() }).optional(),
        response: { 200: queueEntrySchema },
      },
    },
    async (request) => callNextQueueEntry(app.db, request.user, request.params.businessId, request.body?.staffId ?? null),
  );

  app.get(
    '/queue/customer/:userId',
    { schema: { params: z.object({ userId: idParam('userId') }), response: entries } },
    async (request) => listCustomerQueue(app.db, request.user, request.params.userId),
  );

  app.get(
    '/queue/business/:businessId/today',
    { schema: { params: z.object({ businessId: idParam('businessId') }), response: entries } },
    async (request) => listBusinessToday(app.db, request.user, request.params.businessId),
  );

  app.get(
    '/queue/:businessId/:serviceId/:date/:time',
    {
      schema: {
        params: z.object({ businessId: idParam('businessId'), serviceId: idParam('serviceId'), date: dateField('date'), time: timeField('time') }),
        response: entries,
      },
    },
    async (request) => listSlotQueue(app.db, request.user, request.params),
  );
};
