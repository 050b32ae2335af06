import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '../../contract/auth.js';
import { unauthenticated } from '../errors.js';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
  }
}

export interface SessionPluginOptions {
  /** Turns a session token into its user; sessions themselves belong to features/auth. */
  findUser(token: string): Promise<User | null>;
}

/** The token of a validly signed session cookie, or null. */
export function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

/** Resolves the signed session cookie to a user before every request. */
export const sessionPlugin = fp<SessionPluginOptions>(async (app, { findUser }) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = readSessionToken(request);
    if (token) request.user = await findUser(token);
  });
});

export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw unauthenticated();
  return request.user;
}
