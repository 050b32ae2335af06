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
export function cspDirectives(config: Pick<Config, 'PAYMENTS'>) {
  const stripe = config.PAYMENTS === 'stripe';
  return {
    'connect-src': ["'self'", ...(stripe ? STRIPE.connect : [])],
    'img-src': ["'self'", 'data:', ...(stripe ? STRIPE.img : [])],
    ...(stripe ? { 'script-src': ["'self'", ...STRIPE.script], 'frame-src': ["'self'", ...STRIPE.frame] } : {}),
    'upgrade-insecure-requests': null,
  };
}
