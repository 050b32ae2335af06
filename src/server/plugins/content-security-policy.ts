import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.js';

/**
 * What Stripe.js needs for the Payment Element (Stripe's security guide): its script, its frames
 * (the card fields and 3-D Secure), its API and its images. Allowed only when PAYMENTS=stripe: with
 * the test processor no page has any business loading code or frames from elsewhere.
 */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** Helmet's directives on top of its defaults (default-src 'self', script-src 'self', …). */
function cspDirectives(config: Pick<Config, 'PAYMENTS'>) {
  const stripe = config.PAYMENTS === 'stripe';
  return {
    'connect-src': ["'self'", ...(stripe ? STRIPE.connect : [])],
    'img-src': ["'self'", 'data:', ...(stripe ? STRIPE.img : [])],
    ...(stripe ? { 'script-src': ["'self'", ...STRIPE.script], 'frame-src': ["'self'", ...STRIPE.frame] } : {}),
    'upgrade-insecure-requests': null,
  };
}

/**
 * Helmet's security headers on every answer, with the app's CSP (cspDirectives), its middleware built
 * once. @fastify/helmet built helmet's middleware (parsing every directive) anew for each request: 55
 * µs of the app's CPU a request on the booking bench (issue 28, 2026-12-06).
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: { config: Pick<Config, 'PAYMENTS'> }) => {
    const apply = helmet({ contentSecurityPolicy: { directives: cspDirectives(options.config) } });
    app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  },
  { name: 'security-headers' },
);
