import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '../../contract/auth.js';
import { unauthenticated } from '../errors.js';
import * as sessionRepository from '../features/auth/session.repository.js';

export const SESSION_COOKIE = 'sid';
const SESSION_DAYS = 30;

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Resolves the signed session cookie to a user before every request. */
export const sessionPlugin = fp(async (app) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return;
    request.user = await sessionRepository.findUserBySession(app.db, hashToken(unsigned.value));
  });
});

export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  await sessionRepository.createSession(request.server.db, hashToken(token), userId, expiresAt);
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    signed: true,
    expires: expiresAt,
  });
}

export async function endSession(request: FastifyRequest, reply: FastifyReply) {
  const raw = request.cookies[SESSION_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  if (unsigned?.valid && unsigned.value) await sessionRepository.deleteSession(request.server.db, hashToken(unsigned.value));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw unauthenticated();
  return request.user;
}
