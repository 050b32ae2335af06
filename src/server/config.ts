import { isIP } from 'node:net';
import { getHeapStatistics } from 'node:v8';
import { z } from 'zod';
import { RULES } from '../contract/rules.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], 'must be true or false')
  .transform((v) => v === 'true' || v === '1');

// proxy-addr's names for address ranges, accepted by Fastify like addresses
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isAddressOrCidr = (entry: string) => {
  if (namedRanges.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !isIP(address)) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
};

/**
 * Which proxies may set X-Forwarded-For: `false`, a hop count, or proxy addresses/CIDRs. Trusting
 * every sender would let a client pick its own address and escape the per-IP limits, so `true`
 * (the old boolean) now means one hop: the usual single load balancer in front.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    if (entries.every(isAddressOrCidr)) return entries;
    ctx.addIssue({ code: 'custom', message: 'must be false, a hop count, or a comma-separated list of proxy addresses or CIDRs' });
    return z.NEVER;
  });

/**
 * The address people reach the app by, as links the server writes must carry (robots.txt, the
 * sitemap, a shared page's canonical link and og:url). Read from here, never from a request's Host
 * or X-Forwarded-Host: anyone can send those, and what they name would be written into pages and
 * sitemaps that caches keep for an hour. An origin only: the app is served at its root.
 */
const publicUrl = z
  .string()
  .trim()
  .transform((value, ctx): string | undefined => {
    if (value === '') return undefined;
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || !/^https?:$/.test(url.protocol) || !url.hostname) {
      ctx.addIssue({ code: 'custom', message: 'must be an http:// or https:// address such as https://que.example.com' });
      return z.NEVER;
    }
    if (url.username || url.password || url.pathname !== '/' || /[?#]/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'must be the address alone (scheme, host and port), without a path, query, fragment or credentials' });
      return z.NEVER;
    }
    return url.origin;
  });

/** 85% of the V8 heap this process may use (node --max-old-space-size raises it): shed load before it runs out. */
const defaultHeapLimitMb = Math.floor((getHeapStatistics().heap_size_limit / 1024 / 1024) * 0.85);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], 'must be development, production or test').default('development'),
  PORT: z.coerce.number('must be a number').int().min(0).max(65535, 'must be a port number').default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  // Unset: http://localhost:{PORT} (loadConfig), right for a machine of one's own and nowhere else.
  PUBLIC_URL: publicUrl.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => v === '' || /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Signs reminders' single-purpose links (DESIGN section 11). Unset: derived from the session secret.
  REMINDER_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: booleanFlag.default(true),
  PAYMENTS: z.enum(['test', 'stripe'], 'must be test or stripe').default('test'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…, or a restricted rk_… key)')
    .optional(),
  // Sent to the browser for Stripe.js's Payment Element (GET /api/payment-config); public by design.
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)').optional(),
  // Verifies the Stripe-Signature of POST /api/stripe/webhook (the endpoint's signing secret in Stripe's
  // dashboard, or `stripe listen`'s). Unset: the endpoint refuses every event (400).
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  // Where the server calls Stripe's API: unset is https://api.stripe.com; tests and the e2e point it at a local double.
  STRIPE_API_URL: z
    .string()
    .trim()
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol) && new URL(v).pathname === '/', 'must be an origin such as https://api.stripe.com')
    .optional(),
  // Whether this process's job runner runs the payment jobs and the offer jobs (expiries, sweep);
  // off in processes that should only serve requests; at least one runner must run them.
  PAYMENT_WORKER: booleanFlag.default(true),
  OFFER_SWEEPS: booleanFlag.default(true),
  // Recomputes stale earliest-appointment rows ahead of readers: a job of the queue, every 10 s, added
  // at start-up; a process runs it when it runs jobs (JOB_RUNNER). Any number of processes may say so.
  EARLIEST_REFRESH: booleanFlag.default(true),
  // The change log's retention purge (decision 0029), hourly at minute 23, by the app's clock: a job of
  // the queue; any number of processes may run it, and at least one runner should.
  CHANGE_LOG_PURGE: booleanFlag.default(true),
  // The job queue's runner (decision 0028): off in processes that should only serve requests; at
  // least one process must run it. JOB_CONCURRENCY: jobs one process runs at once.
  JOB_RUNNER: booleanFlag.default(true),
  JOB_CONCURRENCY: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(100).default(4),
  // A runner that has not said it is alive for this long is taken for dead (killed), and the jobs
  // it held are run by the live runners (src/server/jobs/runner-liveness.ts).
  JOB_RUNNER_DEAD_AFTER_SECONDS: z.coerce.number('must be a number').min(0.3, 'must be at least 0.3').max(3600, 'must be at most 3600').default(30),
  // Outgoing mail: without it, e-mail stays pending in the outbox (README: reading the outbox).
  SMTP_URL: z
    .string()
    .refine((v) => v === '' || /^smtps?:\/\/[^/]/.test(v), 'must start with smtp:// or smtps://')
    .optional()
    .transform((v) => v || undefined),
  MAIL_FROM: z.string().min(3, 'must be a sender address').default('Que <no-reply@que.local>'),
  DEFAULT_TIME_ZONE: z
    .string()
    .refine((tz) => isTimeZone(tz), 'must be an IANA time zone such as America/New_York')
    .default('America/New_York'),
  LOGIN_RATE_LIMIT: z.coerce.number('must be a number').int().positive('must be positive').default(10),
  RATE_LIMIT_PER_MINUTE: z.coerce.number('must be a number').int().positive('must be positive').default(600),
  // Open /ws sockets one client address may hold in one process (each costs memory while open).
  // Behind a NAT or a corporate proxy many people share one address: raise it there.
  WS_CONNECTIONS_PER_IP: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(1_000_000).default(20),
  // PostgreSQL pool: connections per process, how long a request waits for one, and how long one
  // statement may run. Past either limit the request answers 503 UNAVAILABLE instead of hanging.
  DATABASE_POOL_SIZE: z.coerce.number('must be a number').int().min(1, 'must be at least 1').max(1000).default(20),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number('must be a number').int().min(1, 'must be positive').default(5000),
  // How long a client may take to send one whole request (headers and body). Without a limit a
  // client that stops halfway holds its connection, and its file descriptor, for ever.
  REQUEST_TIMEOUT_MS: z.coerce.number('must be a number').int().min(100, 'must be at least 100').default(30_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number('must be a number').int().min(0, 'must be 0 (no limit) or more').default(10_000),
  // Load shedding (@fastify/under-pressure): past these, new requests get 503 UNAVAILABLE with
  // Retry-After until the process recovers. 0 turns a limit off. The event-loop limit is off by
  // default because PGlite runs its queries on the event loop itself (docs/operations.md).
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number('must be a number').int().min(0).default(0),
  MAX_HEAP_USED_MB: z.coerce.number('must be a number').int().min(0).default(defaultHeapLimitMb),
  MAX_RSS_MB: z.coerce.number('must be a number').int().min(0).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be a pino level').default('info'),
  TRUST_PROXY: trustProxy.default(false),
  // How far ahead a restaurant takes reservations: far-future bookings would be free credit otherwise.
  // At least a week, because the earliest-appointment listings look a week ahead without it.
  RESTAURANT_BOOKING_HORIZON_DAYS: z.coerce
    .number('must be a number')
    .int('must be a whole number of days')
    .min(7, 'must be at least 7 (the earliest-appointment listings look a week ahead)')
    .max(3650, 'must be at most 3650 (ten years)')
    .default(RULES.restaurantHorizonDays),
});

/**
 * TRUST_PROXY as Fastify's `trustProxy`. Fastify 5 refuses bare hop counts (it trusts nothing for a
 * number), so a count becomes proxy-addr's classic hop rule: the nearest N senders are proxies.
 * That is only safe when clients cannot reach the app around the proxies; addresses are stricter.
 */
export function trustProxyOption(value: Config['TRUST_PROXY']) {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

export type Config = Omit<z.infer<typeof envSchema>, 'SESSION_SECRET' | 'DATABASE_URL' | 'PUBLIC_URL'> & {
  DATABASE_URL?: string;
  /** An origin, no trailing slash: `https://que.example.com`. */
  PUBLIC_URL: string;
  /** Unset: the app uses the one generated into the database (features/auth/session-secret.ts). */
  SESSION_SECRET?: string;
};

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {}

/** Parses the environment once; a missing or bad value stops start-up naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const stripeKeysMissing = parsed.success && parsed.data.PAYMENTS === 'stripe'
    ? (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const).filter((key) => !parsed.data[key])
    : [];
  if (!parsed.success || stripeKeysMissing.length > 0) {
    const issues = parsed.success ? stripeKeysMissing.map((key) => ({ path: [key], message: 'is required when PAYMENTS=stripe' })) : parsed.error.issues;
    const lines = issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  return {
    ...values,
    DATABASE_URL: values.DATABASE_URL || undefined,
    PUBLIC_URL: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    SESSION_SECRET: values.SESSION_SECRET,
  };
}
