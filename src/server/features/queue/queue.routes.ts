import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dateField, timeField } from '../../../contract/availability.js';
import { queueEntrySchema } from '../../../contract/live.js';
import { idParam } from '../../../contract/numbers.js';
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
