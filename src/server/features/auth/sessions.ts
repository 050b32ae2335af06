import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../../contract/auth.js';
import type { Db } from '../../db/client.js';
import { readSessionToken, SESSION_COOKIE } from '../../plugins/session.js';
import { type LiveEvent, publishLive } from '../../live-events.js';
import * as sessionsRepository from './sessions.repository.js';

const SESSION_DAYS = 30;

// The database keeps only a hash: a leaked table does not sign anyone in.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What the session plugin is given to turn a cookie's token into a user. */
export const findUserBySessionToken = (db: Db, token: string): Promise<User | null> =>
  sessionsRepository.findUserBySession(db, hashToken(token));

export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  await sessionsRepository.createSession(request.server.db, hashToken(token), userId, expiresAt);
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Behind a configured proxy TLS usually ends at the proxy, so the protocol seen here proves nothing.
    secure: request.server.config.TRUST_PROXY !== false || request.protocol === 'https',
    signed: true,
    expires: expiresAt,
  });
}

/**
 * Ends this session, or with `all` every session of its user (a lost phone, a shared computer), and
 * closes the live sockets opened with it at once, on every app process.
 */
export async function endSession(request: FastifyRequest, reply: FastifyReply, { all = false } = {}) {
  const db = request.server.db;
  const token = readSessionToken(request);
  const user = request.user;
  if (all && user) {
    await sessionsRepository.deleteUserSessions(db, user.id);
    await closeLiveSockets(request, { type: 'session_ended', userIds: [user.id] });
  } else if (token) {
    const tokenHash = hashToken(token);
    await sessionsRepository.deleteSession(db, tokenHash);
    if (user) await closeLiveSockets(request, { type: 'session_ended', userIds: [user.id], sessionHash: tokenHash });
  }
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Best effort: should the event not go out, the live heartbeat's session check closes them later. */
const closeLiveSockets = (request: FastifyRequest, event: LiveEvent) =>
  publishLive(request.server.db, event).catch((err: unknown) => request.log.warn({ err }, 'sockets of an ended session stay open until the next live heartbeat'));
