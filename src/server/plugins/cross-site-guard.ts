import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../contract/errors.js';
import { AppError } from '../errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * True when the browser says the request was started by another site. SameSite=Lax cookies
 * already stop most of these, but not every browser or every request kind (a bodyless POST, a
 * WebSocket upgrade), so the server checks the browser's own statement of where it came from.
 * Requests without either header (curl, server-to-server) are not browsers acting for a user.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (!URL.canParse(origin)) return true;
  // Our own origin: the scheme this request came by (request.protocol: X-Forwarded-Proto only from
  // a proxy TRUST_PROXY names) and its host; an https page and an http one are two origins. URL
  // makes a default port (":80" over http) compare equal to none.
  const self = `${request.protocol}://${request.host}`;
  return !URL.canParse(self) || new URL(self).origin !== new URL(origin).origin;
}

export const crossSiteGuard = fp(async (app) => {
  app.addHook('onRequest', async (request) => {
    if (STATE_CHANGING.has(request.method) && isCrossSite(request)) {
      throw new AppError(ErrorCode.CROSS_SITE, 'Requests that change data must come from this site');
    }
  });
});
