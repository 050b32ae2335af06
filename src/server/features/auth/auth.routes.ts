import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema, registerSchema, userSchema } from '../../../contract/auth.js';
import { endSession, requireUser, startSession } from '../../plugins/session.js';
import { LoginLimiter } from './login-limiter.js';
import { loginUser } from './login-user.js';
import { registerUser } from './register-user.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = new LoginLimiter(app.config.LOGIN_RATE_LIMIT);

  app.post('/register', { schema: { body: registerSchema, response: { 201: userSchema } } }, async (request, reply) => {
    const user = await registerUser(app.db, request.body);
    await startSession(request, reply, user.id);
    return reply.status(201).send(user);
  });

  app.post('/login', { schema: { body: loginSchema, response: { 200: userSchema } } }, async (request, reply) => {
    const user = await loginUser(app.db, limiter, request.body, request.ip);
    await startSession(request, reply, user.id);
    return user;
  });

  app.post('/logout', { schema: { body: z.unknown().optional() } }, async (request, reply) => {
    await endSession(request, reply);
    return reply.status(204).send();
  });

  app.get('/user', { schema: { response: { 200: userSchema } } }, async (request) => requireUser(request));
};
