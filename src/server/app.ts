import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '../contract/errors.js';
import { type Config, trustProxyOption } from './config.js';
import type { Database, Db } from './db/client.js';
import { AppError, clientErrorHandler, frameworkErrorHandler, notFound, registerErrorHandler, sendNotFound } from './errors.js';
import { appointmentsRoutes, cancelAsBusiness, requireOwnAppointment } from './features/appointments/index.js';
import { authJobs, authRoutes, findUserBySessionToken, sharedSessionSecret, usernameAvailabilityRoutes } from './features/auth/index.js';
import { availabilityRoutes, earliestFollowsChange, earliestJobs, slotRules, startEarliestRefresher } from './features/availability/index.js';
import { businessesRoutes, settleStrandedWith } from './features/businesses/index.js';
import { creditsRoutes } from './features/credits/index.js';
import { changeRetentionJobs, changeTasks } from './features/changes/index.js';
import { emailFollowsChange, emailTasks, smtpSender } from './features/email/index.js';
import { type LiveOptions, livePlugin } from './features/live/index.js';
import { noticesFollowChange, notificationsRoutes } from './features/notifications/index.js';
import { offerJobs, offersFollowChange, offersRoutes } from './features/offers/index.js';
import { createPaymentProcessor, type PaymentProcessor, paymentJobs, paymentsRoutes, stripeWebhookRoutes } from './features/payments/index.js';
import { queueFollowsChange, queueRoutes } from './features/queue/index.js';
import { reminderJobs, reminderLinkKey, remindersFollowChange, remindersRoutes } from './features/reminders/index.js';
import { reviewsRoutes } from './features/reviews/index.js';
import { servicesRoutes } from './features/services/index.js';
import { type BuildManifest, sharePagesRoutes } from './features/share-pages/index.js';
import { reassignAppointment, staffRoutes, strandedAppointmentIds } from './features/staff/index.js';
import { waitlistFollowsChange, waitlistJobs, waitlistRoutes } from './features/waitlist/index.js';
import { walletRoutes } from './features/wallet/index.js';
import { combineJobFeatures, startJobRunner } from './jobs/job-queue.js';
import { registerCompression } from './plugins/compression.js';
import { securityHeaders } from './plugins/content-security-policy.js';
import { crossSiteGuard } from './plugins/cross-site-guard.js';
import { idempotencyJobs, idempotencyPlugin } from './plugins/idempotency.js';
import { registerLoadShedding } from './plugins/load-shedding.js';
import { nulTextGuard } from './plugins/nul-text-guard.js';
import { routeTablePlugin } from './plugins/route-table.js';
import { sessionPlugin } from './plugins/session.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    /** The time now, as the app's rules read it (completion); buildApp's `now`. */
    clock: () => Date;
  }
}

export const webDistDir = fileURLToPath(new URL('../../dist/web', import.meta.url));

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Log at LOG_LEVEL to stdout (true), nowhere (false), or to this stream (tests read what is logged). */
  logger?: boolean | { stream: { write(line: string): void } };
  serveWeb?: boolean;
  /** The built web app to serve (tests: a small fixture); dist/web unless given. */
  webDir?: string;
  /** URLs per sitemap file (50,000); tests lower it to see the sitemap index with a few businesses. */
  sitemapUrlsPerFile?: number;
  /** Instead of the one PAYMENTS names (tests: Stripe against recorded responses). */
  paymentProcessor?: PaymentProcessor;
  /** Limits of /ws (the benchmark opens 1,000 sockets from one address). */
  live?: Partial<LiveOptions>;
  /**
   * The time the completion rule reads (an appointment is completed from 60 minutes before its
   * start): the real clock unless given. Tests set it to complete visits booked days ahead
   * (test-app.ts); no request can change it.
   */
  now?: () => Date;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function buildApp({ config, database, logger = true, serveWeb = true, webDir = webDistDir, sitemapUrlsPerFile, paymentProcessor, live, now = () => new Date() }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL, ...(typeof logger === 'object' ? { stream: logger.stream } : {}) } : false,
    bodyLimit: 100 * 1024,
    // A request must arrive whole within REQUEST_TIMEOUT_MS, else 408 and the connection closes
    // (a stalled body would otherwise hold it for ever: Fastify's default is no limit). Node enforces
    // the body limit only while headersTimeout is no longer than it, and checks every
    // connectionsCheckingInterval, so that is kept well under the limit.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      headersTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.REQUEST_TIMEOUT_MS / 4)),
    },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { maxParamLength: 200 },
    // While draining on SIGTERM, a request still arriving on an open keep-alive connection is served
    // (the database closes only after the drain) instead of getting Fastify's own 503 body, which has
    // no {message, code}.
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  // Owner changes (hours, days, services, staff) settle the bookings they strand with what appointments
  // and staff do, which businesses, below both, cannot import (decision 0030).
  settleStrandedWith({ strandedIds: strandedAppointmentIds, cancelAsBusiness, reassign: reassignAppointment });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before any route: compression attaches itself to each route as it is registered.
  await registerCompression(app);
  // First of the onRequest hooks: a process past its memory limit refuses work before doing any.
  await registerLoadShedding(app, config);

  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorate('clock', now);
  app.decorate('paymentProcessor', paymentProcessor ?? createPaymentProcessor(config, database.db));
  if (config.EARLIEST_REFRESH) startEarliestRefresher(app);
  // The key of reminders' signed links (DESIGN section 11): REMINDER_LINK_SECRET, else derived from the session secret.
  const linkKey = reminderLinkKey(config.REMINDER_LINK_SECRET, config.SESSION_SECRET ?? (await sharedSessionSecret(database.db, config.DATA_DIR)));
  // One job runner for the features' jobs (decision 0028), in any number of processes. Without
  // SMTP_URL, e-mail waits in the outbox and its jobs in the queue (README) until a process can send.
  if (config.JOB_RUNNER) {
    const sender = config.SMTP_URL ? smtpSender(config.SMTP_URL) : undefined;
    const jobs = combineJobFeatures([
      {
        // Every change's follow-up (decision 0029): notices, e-mail to the outbox, live pushes.
        // Followers in this order: the offers' cards, the queue, then the notices (a tab refetches, then reads its bell), then mail.
        tasks: changeTasks(database.db, [
          offersFollowChange,
          // a new booking joins its day's line before its notice is written (a tab refetches both)
          queueFollowsChange,
          noticesFollowChange,
          emailFollowsChange,
          // after the booking's own e-mail: a reminder due at booking follows the confirmation
          remindersFollowChange,
          // freed time offered to the waitlist as holds (their own changes), and holds told in the bell
          ...waitlistFollowsChange(slotRules(config), now),
          // last of the SQL followers: it locks the business's cache rows until the change's follow commits
          earliestFollowsChange,
        ], {
          onFollowerError: (error, change) => app.log.warn({ err: error, changeId: change.id }, 'a follower of a change failed: the change waits for its retry'),
          onPublishError: (error) => app.log.warn({ err: error }, 'live events of a change were not published'),
          now,
        }),
      },
      // the change log's retention: followed changes older than RULES.changeLogRetentionDays go, hourly
      ...(config.CHANGE_LOG_PURGE ? [changeRetentionJobs(database.db, now)] : []),
      authJobs(database.db),
      idempotencyJobs(database.db),
      waitlistJobs(database.db, now),
      ...(config.PAYMENT_WORKER ? [paymentJobs(database.db, app.paymentProcessor, app.log, now)] : []),
      ...(config.OFFER_SWEEPS ? [offerJobs(database.db)] : []),
      ...(config.EARLIEST_REFRESH ? [earliestJobs(database.db)] : []),
      reminderJobs(database.db, { linkKey, publicUrl: config.PUBLIC_URL, now }),
      ...(sender ? [{ tasks: emailTasks(database.db, sender, config.MAIL_FROM, app.log) }] : []),
    ]);
    startJobRunner(app, jobs, {
      concurrency: config.JOB_CONCURRENCY,
      deadAfterMs: config.JOB_RUNNER_DEAD_AFTER_SECONDS * 1000,
      afterStop: () => sender?.close(),
    });
  }

  // Only JSON may change state: a cross-site HTML form cannot send application/json.
  app.removeContentTypeParser(['text/plain']);
  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method)) return;
    const type = request.headers['content-type'];
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if ((type !== undefined || hasBody) && !/^application\/json\b/i.test(type ?? '')) {
      throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Requests that change data must be sent as application/json');
    }
  });

  await app.register(crossSiteGuard);
  await app.register(nulTextGuard);
  await app.register(routeTablePlugin);
  // API answers carry personal data (appointments, credits, who is signed in): never kept by a cache.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  await app.register(securityHeaders, { config });
  await app.register(cookie, { secret: config.SESSION_SECRET ?? (await sharedSessionSecret(database.db, config.DATA_DIR)) });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // Counts live in an LRU of this many addresses: memory stays bounded and only the least recently
    // seen addresses are forgotten, never everyone's counts at once.
    cache: 10_000,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: ErrorCode.RATE_LIMITED,
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(sessionPlugin, { findUser: (token) => findUserBySessionToken(database.db, token) });
  // After the session: keys belong to the signed-in user. Routes opt in with config.idempotent.
  await app.register(idempotencyPlugin);
  // After the session: a socket's upgrade request carries the user it will speak for.
  await app.register(livePlugin, live ?? {});

  app.get('/api/health', async () => {
    await database.db.execute('select 1');
    return { status: 'ok', database: database.kind };
  });
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(usernameAvailabilityRoutes);
      await api.register(businessesRoutes);
      await api.register(servicesRoutes);
      await api.register(staffRoutes);
      await api.register(availabilityRoutes, { requireOwnAppointment });
      await api.register(appointmentsRoutes);
      await api.register(creditsRoutes);
      await api.register(notificationsRoutes);
      await api.register(offersRoutes);
      await api.register(walletRoutes);
      await api.register(paymentsRoutes);
      // its own scope: it reads JSON as the raw bytes Stripe signed
      await api.register(stripeWebhookRoutes);
      await api.register(queueRoutes);
      await api.register(reviewsRoutes);
      await api.register(remindersRoutes, { linkKey });
      await api.register(waitlistRoutes);
    },
    { prefix: '/api' },
  );

  const indexPath = path.join(webDir, 'index.html');
  const indexHtml = serveWeb && existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  const manifestPath = path.join(webDir, '.vite', 'manifest.json');
  const manifest = indexHtml && existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest) : null;
  await app.register(sharePagesRoutes, { indexHtml, manifest, sitemapUrlsPerFile });
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes name.br and name.gz beside each text file (vite.config.ts): sent as they are,
      // with Content-Encoding and Vary: Accept-Encoding, and the plain file to a client that takes neither.
      preCompressed: true,
      // Vite fingerprints everything under assets/: those never change; anything else is revalidated.
      setHeaders: (res, filePath) =>
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    // Every other page is the web app's, whose router decides what to show (its 404 screen included).
    // A route, not the not-found handler, so it is compressed like every other answer.
    app.get('/*', (request, reply) => {
      const pathname = request.url.split('?')[0];
      // Any case: a client that typed /API/… gets the API's JSON 404, not the web app's page.
      if (/^\/api(\/|$)/i.test(pathname)) return sendNotFound(reply, request.method, request.url);
      // A file that is not there (an old build's script, /apple-touch-icon.png) is 404: the app's page
      // in its place would be run as a script or drawn as an image, and cached as if it were one.
      if (pathname.startsWith('/assets/') || /\/[^/]*\.[a-z0-9]{1,8}$/i.test(pathname)) throw notFound('File');
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => sendNotFound(reply, request.method, request.url));
  return app;
}
