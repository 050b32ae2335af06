import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../contract/businesses.js';
import { appointmentRemindersSchema, linkTokenParamsSchema, reminderLinkSchema, reminderRulesSchema } from '../../../contract/reminders.js';
import { getAppointmentReminders, getReminderRules, putReminderRules } from './reminder-settings.js';
import { readReminderLink, useReminderLink } from './use-reminder-link.js';

export interface ReminderRoutesOptions {
  /** The link key (reminderLinkKey in app.ts). */
  linkKey: Buffer;
}

// Reminders (DESIGN section 11): the owner's rules, an appointment's messages, and the signed links,
// which work without signing in (the token is the credential: route-access.ts lists them as open).
export const remindersRoutes: FastifyPluginAsyncZod<ReminderRoutesOptions> = async (app, { linkKey }) => {
  app.get(
    '/businesses/:id/reminders',
    { schema: { params: idParamsSchema, response: { 200: reminderRulesSchema } } },
    async (request) => getReminderRules(app.db, request.user, request.params.id),
  );

  app.put(
    '/businesses/:id/reminders',
    { schema: { params: idParamsSchema, body: reminderRulesSchema, response: { 200: reminderRulesSchema } } },
    async (request) => putReminderRules(app.db, request.user, request.params.id, request.body),
  );

  app.get(
    '/appointments/:id/reminders',
    { schema: { params: idParamsSchema, response: { 200: appointmentRemindersSchema } } },
    async (request) => getAppointmentReminders(app.db, request.user, request.params.id),
  );

  app.get(
    '/reminder-links/:token',
    { schema: { params: linkTokenParamsSchema, response: { 200: reminderLinkSchema } } },
    async (request) => readReminderLink(app.db, linkKey, request.params.token, app.clock()),
  );

  app.post(
    '/reminder-links/:token',
    { schema: { params: linkTokenParamsSchema, response: { 200: reminderLinkSchema } } },
    async (request) => useReminderLink(app.db, linkKey, request.params.token, app.clock()),
  );
};
