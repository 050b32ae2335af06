import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/businesses.js';
import { notificationSchema } from '../../../contract/live.js';
import { pagedList } from '../../plugins/paging.js';
import { requireUser } from '../../plugins/session.js';
import { listNotificationsFor, markAllNotificationsRead, markNotificationRead } from './notifications.service.js';

const listSchema = z.object({ notifications: z.array(notificationSchema), unread: z.number().int() });
// `notifications` is a page (DESIGN section 10); `unread` counts all of them.
const notificationPages = pagedList('notifications');
const readAllSchema = z.object({ updated: z.number().int(), unread: z.number().int() });

// The signed-in user's in-app notifications (the header's bell); new ones also arrive on /ws.
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/notifications', { schema: { querystring: z.object(notificationPages.query), response: { 200: listSchema } } }, async (request, reply) => {
    const { next, ...list } = await listNotificationsFor(app.db, requireUser(request), request.query);
    notificationPages.linkNext(request, reply, next);
    return list;
  });

  app.post('/notifications/:id/read', { schema: { params: idParamsSchema, response: { 200: notificationSchema } } }, async (request) =>
    markNotificationRead(app.db, requireUser(request), request.params.id),
  );

  app.post('/notifications/read-all', { schema: { response: { 200: readAllSchema } } }, async (request) => markAllNotificationsRead(app.db, requireUser(request)));
};
