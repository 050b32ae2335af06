import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema, registerSchema, sessionSchema, userSchema } from '../../../contract/auth.js';
import { updateProfileSchema } from '../../../contract/profile.js';
import { requireUser } from '../../plugins/session.js';
import { loginUser } from './login-user.js';
import { registerUser } from './register-user.js';
import { endSession, startSession } from './sessions.js';
import { updateProfile } from './update-profile.js';

const logoutQuery = z.object({
  all: z.enum(['true', 'false'], 'all must be true or false').default('false').transform((v) => v === 'true'),
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/register', { schema: { body: registerSchema, response: { 201: userSchema } } }, async (request, reply) => {
    const user = await registerUser(app.db, request.body);
    await startSession(request, reply, user.id);
    return reply.status(201).send(user);
  });

  app.post('/login', { schema: { body: loginSchema, response: { 200: userSchema } } }, async (request, reply) => {
    const user = await loginUser(app.db, app.config.LOGIN_RATE_LIMIT, request.body, request.ip);
    await startSession(request, reply, user.id);
    return user;
  });

  app.post('/logout', { schema: { body: z.unknown().optional(), querystring: logoutQuery } }, async (request, reply) => {
    await endSession(request, reply, { all: request.query.all });
    return reply.status(204).send();
  });

  app.get('/user', { schema: { response: { 200: userSchema } } }, async (request) => requireUser(request));
  // The signed-in user's own profile (full name, phone); identity is the session's, never the body's.
  app.patch('/user', { schema: { body: updateProfileSchema, response: { 200: userSchema } } }, async (request) =>
    updateProfile(app.db, requireUser(request), request.body),
  );

  // The web app learns the session here: signed out is an answer (200, user null), not a failed request in the console.
  app.get('/session', { schema: { response: { 200: sessionSchema } } }, async (request) => ({ user: request.user }));
};
