import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../../contract/errors.js';
import { AppError } from '../../errors.js';
import { isCrossSite } from '../../plugins/cross-site-guard.js';
import { readSessionToken } from '../../plugins/session.js';
import { LiveConnection, type LiveSocket } from './live-connection.js';
import { createLiveDispatcher } from './live-dispatch.js';
import { handleClientFrame } from './live-messages.js';
import { liveSessionHashes, sessionHashOf } from './live.repository.js';
import { LiveRegistry } from './live-registry.js';
import { LIVE_CHANNEL, drainLiveEvents } from '../../live-events.js';

export interface LiveOptions {
  /** Open sockets one address may hold: each costs memory for as long as it stays open. */
  maxConnectionsPerIp: number;
  maxSubscriptions: number;
  maxBufferedBytes: number;
  /** Server ping period; a socket that has not answered two pings in a row is terminated. */
  heartbeatMs: number;
}

/** Without maxConnectionsPerIp, whose default is the app's WS_CONNECTIONS_PER_IP (config.ts). */
const defaultLiveOptions: Omit<LiveOptions, 'maxConnectionsPerIp'> = {
  maxSubscriptions: 20,
  maxBufferedBytes: 1024 * 1024,
  heartbeatMs: 30_000,
};

const GOING_AWAY = 1001;

declare module 'fastify' {
  interface FastifyInstance {
    liveRegistry: LiveRegistry;
  }
}

/**
 * `/ws` on the app's own server and port (DESIGN section 7). The upgrade is an ordinary GET through
 * every hook, so the session plugin has already resolved the cookie to request.user; a socket
 * without one follows only public business-days and never receives anything personal.
 */
export const livePlugin = fp<Partial<LiveOptions>>(async (app, overrides) => {
  const options: LiveOptions = { ...defaultLiveOptions, maxConnectionsPerIp: app.config.WS_CONNECTIONS_PER_IP, ...overrides };
  const registry = new LiveRegistry();
  app.decorate('liveRegistry', registry);

  await app.register(websocket, {
    // Client frames are tiny commands; anything larger is closed by ws with 1009.
    options: { maxPayload: 4 * 1024 },
    // A client that breaks the protocol (a frame over maxPayload, bad UTF-8, a bad opcode) is the
    // client's doing, not a fault here: a warning without a stack, and ws closes the socket with the
    // status code that says why (1009, 1007, 1002). Anything else is an error and ends the socket.
    errorHandler(error, socket, request) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
        request.log.warn({ code, reason: error.message }, 'live socket closed: the client broke the WebSocket protocol');
        return;
      }
      request.log.error({ err: error }, 'live socket failed');
      socket.terminate();
    },
    preClose(done) {
      for (const connection of registry.all) connection.socket.close(GOING_AWAY, 'Server shutting down');
      // A peer that never completes the closing handshake must not hold up shutdown.
      const force = setTimeout(() => {
        for (const connection of registry.all) connection.socket.terminate();
      }, 1_000);
      force.unref();
      app.websocketServer.close(() => done());
    },
  });

  // One LISTEN per process; NOTIFY arrives only for committed transactions, from every process.
  const dispatch = createLiveDispatcher(app.db, registry, (error) => app.log.error({ err: error }, 'live event delivery failed'));
  const stopListening = await app.database.listen(LIVE_CHANNEL, (payload) => void dispatch(payload));
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    // Events of bookings answered already are still sent before the database goes.
    await drainLiveEvents(app.db);
    await stopListening();
  });

  // A socket speaks for the session it was opened with: signing out closes it at once, on every
  // process (a session_ended event, live-dispatch.ts); a session that expired, or whose event was
  // missed, closes it at the next heartbeat. One query per heartbeat for all of this process's sockets.
  const closeEndedSessions = async () => {
    const signedIn = [...registry.all].filter((connection) => connection.sessionHash !== null);
    const alive = await liveSessionHashes(app.db, [...new Set(signedIn.map((connection) => connection.sessionHash!))]);
    for (const connection of signedIn) {
      if (!alive.has(connection.sessionHash!)) connection.closeForEndedSession();
    }
  };
  const heartbeat = setInterval(() => {
    for (const connection of registry.all) {
      if (connection.missedPongs >= 2) {
        connection.socket.terminate();
        continue;
      }
      connection.missedPongs++;
      connection.socket.ping();
    }
    closeEndedSessions().catch((error: unknown) => app.log.warn({ err: error }, 'live session check failed'));
  }, options.heartbeatMs);
  heartbeat.unref();

  app.route({
    method: 'GET',
    url: '/ws',
    // Refused before the upgrade, as plain HTTP answers: no socket is ever opened for these.
    preValidation: async (request) => {
      if (isCrossSite(request)) throw new AppError(ErrorCode.CROSS_SITE, 'Live updates must be opened from this site');
      if (registry.connectionsFrom(request.ip) >= options.maxConnectionsPerIp) {
        throw new AppError(ErrorCode.RATE_LIMITED, 'Too many live connections from this address');
      }
    },
    // A plain GET (a browser tab, a client that forgot the upgrade) gets the contract's error shape, not an empty 404.
    handler: async (_request, reply) => {
      reply.header('upgrade', 'websocket');
      throw new AppError(ErrorCode.UPGRADE_REQUIRED, 'Live updates need a WebSocket: send Upgrade: websocket');
    },
    wsHandler: (socket, request) => {
      const token = request.user ? readSessionToken(request) : null;
      const connection = new LiveConnection(socket as unknown as LiveSocket, request.user, token ? sessionHashOf(token) : null, request.ip, options);
      registry.add(connection);
      socket.on('message', (data: unknown, isBinary: boolean) => {
        // A listener that throws would take the whole process down with it.
        try {
          handleClientFrame(registry, connection, data, isBinary);
        } catch (error) {
          request.log.error({ err: error }, 'live message handling failed');
          connection.send({ type: 'error', message: 'Message could not be handled' });
        }
      });
      socket.on('close', () => registry.remove(connection));
    },
  });
});
