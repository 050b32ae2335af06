import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usernameAvailabilityParamsSchema, usernameAvailabilitySchema } from '../../../contract/auth.js';
import * as usersRepository from './users.repository.js';

/**
 * Lets business registration say "That username is already taken" on step 1 instead of after step 2.
 * It reveals exactly what POST /api/register already does (usernames only, never e-mail addresses),
 * and with a twentieth of the general per-address limit (30 a minute by default) it is no faster a
 * way to collect names than registering.
 */
export const usernameAvailabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const max = Math.max(1, Math.ceil(app.config.RATE_LIMIT_PER_MINUTE / 20));
  app.get(
    '/usernames/:username/availability',
    { config: { rateLimit: { max, timeWindow: '1 minute' } }, schema: { params: usernameAvailabilityParamsSchema, response: { 200: usernameAvailabilitySchema } } },
    async (request) => {
      const { username } = request.params;
      return { username, available: !(await usersRepository.isUsernameTaken(app.db, username)) };
    },
  );
};
