import { http, HttpResponse, ws } from 'msw';
import { setupServer } from 'msw/node';
import type { User } from '@contract/auth';

// The API as the component tests answer it: msw intercepts the app's fetch calls in the test process.
// Every test starts signed out with nothing else answered; a request no handler answers fails the test
// (onUnhandledRequest: 'error' in setup.ts), so a test states every call its screen makes.
// The live socket (/ws) connects and stays quiet unless a test sends on it (liveSocketLink).
export const liveSocketLink = ws.link('ws://localhost/ws');
export const server = setupServer(
  http.get('/api/session', () => HttpResponse.json({ user: null })),
  // The test card processor, as PAYMENTS defaults to; a test of the Stripe card step answers its own.
  http.get('/api/payment-config', () => HttpResponse.json({ processor: 'test', stripePublishableKey: null })),
  // My Appointments shows the customer's waitlist (DESIGN section 11) above the list: none unless a test says so.
  http.get('/api/waitlist', () => HttpResponse.json([])),
  liveSocketLink.addEventListener('connection', () => undefined),
);

/** GET /api/session answers with this user (or signed out with null). */
export function signedInAs(user: User | null) {
  server.use(http.get('/api/session', () => HttpResponse.json({ user })));
}

/** Records the JSON bodies a handler received, for asserting what a form sent. */
export function recorder<T = unknown>() {
  const bodies: T[] = [];
  return { bodies, async take(request: Request) { const body = (await request.json()) as T; bodies.push(body); return body; } };
}

/** An error answer as the server's error handler shapes it: `{ message, code }`. */
export const apiError = (status: number, message: string, code?: string) => HttpResponse.json({ message, ...(code ? { code } : {}) }, { status });

export { http, HttpResponse };
