import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { doubleCards } from './stripe-double-cards.js';

export interface DoubleRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

interface DoubleAccount {
  id: string;
  email: string | null;
  metadata: Record<string, string>;
  onboarded: boolean;
}

const stripeError = (res: ServerResponse, status: number, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message } }));
};

const metadataOf = (form: URLSearchParams) =>
  Object.fromEntries([...form].filter(([key]) => key.startsWith('metadata[')).map(([key, value]) => [key.slice(9, -1), value]));

/**
 * A stand-in for the few Stripe Connect endpoints Que calls, on 127.0.0.1 (tests and the e2e; never
 * the network): POST /v1/accounts (answering a repeated Idempotency-Key with the first answer, as
 * Stripe does), GET /v1/accounts/:id, POST /v1/account_links, POST /v1/transfers (to an onboarded account), and the hosted onboarding page a link
 * leads to, which completes the account and sends the browser to the link's return_url as Stripe's
 * would; and the card-on-file endpoints of stripe-double-cards.ts (Customers, SetupIntents,
 * off-session PaymentIntents). Objects carry the fields Que reads, shaped as in Stripe's API reference.
 */
export async function startStripeDouble() {
  const received: DoubleRequest[] = [];
  const accounts = new Map<string, DoubleAccount>();
  const byKey = new Map<string, string>();
  const cards = doubleCards(metadataOf);
  let base = '';

  const accountJson = (a: DoubleAccount) => ({
    id: a.id,
    object: 'account',
    type: 'express',
    email: a.email,
    metadata: a.metadata,
    details_submitted: a.onboarded,
    payouts_enabled: a.onboarded,
    charges_enabled: false,
    capabilities: { transfers: a.onboarded ? 'active' : 'inactive' },
  });

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const request: DoubleRequest = { method: req.method ?? 'GET', path: url.pathname, headers: req.headers, form: new URLSearchParams(raw) };
      received.push(request);
      const json = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_double${received.length}` });
        res.end(JSON.stringify(body));
      };
      const accountId = /^\/v1\/accounts\/(acct_\w+)$/.exec(url.pathname)?.[1];
      const onboardingId = /^\/connect\/onboarding\/(acct_\w+)$/.exec(url.pathname)?.[1];
      if (request.method === 'POST' && url.pathname === '/v1/accounts') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const known = key ? byKey.get(key) : undefined;
        if (known) return json(accountJson(accounts.get(known)!));
        const account: DoubleAccount = { id: `acct_double${accounts.size + 1}`, email: request.form.get('email'), metadata: metadataOf(request.form), onboarded: false };
        accounts.set(account.id, account);
        if (key) byKey.set(key, account.id);
        return json(accountJson(account));
      }
      if (request.method === 'GET' && accountId) {
        const account = accounts.get(accountId);
        return account ? json(accountJson(account)) : stripeError(res, 404, `No such account: '${accountId}'`);
      }
      if (request.method === 'POST' && url.pathname === '/v1/account_links') {
        const account = accounts.get(request.form.get('account') ?? '');
        if (!account) return stripeError(res, 400, 'No such account');
        const query = new URLSearchParams({ return_url: request.form.get('return_url') ?? '', refresh_url: request.form.get('refresh_url') ?? '' });
        const created = Math.floor(Date.now() / 1000);
        return json({ object: 'account_link', created, expires_at: created + 300, url: `${base}/connect/onboarding/${account.id}?${query}` });
      }
      if (request.method === 'POST' && url.pathname === '/v1/transfers') {
        const destination = accounts.get(request.form.get('destination') ?? '');
        if (!destination?.onboarded) return stripeError(res, 400, 'Your destination account needs to have at least one of the following capabilities enabled: transfers');
        const amount = Number(request.form.get('amount'));
        return json({ id: `tr_double${received.length}`, object: 'transfer', amount, currency: 'usd', destination: destination.id, metadata: metadataOf(request.form) });
      }
      if (request.method === 'GET' && onboardingId && accounts.has(onboardingId)) {
        accounts.get(onboardingId)!.onboarded = true;
        res.writeHead(302, { location: url.searchParams.get('return_url') ?? '/' });
        return res.end();
      }
      const card = cards.route(request);
      if (card) {
        res.writeHead(card.status, { 'content-type': 'application/json', 'request-id': `req_double${received.length}` });
        return res.end(JSON.stringify(card.body));
      }
      return stripeError(res, 404, `Unrecognized request URL (${request.method}: ${url.pathname})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    port,
    /** STRIPE_API_URL for a server that should call this double. */
    url: base,
    received,
    accounts,
    /** Card-on-file state: confirmSetup (the browser's part), charges made, setup intents and payment methods. */
    cards,
    /** Finishes an account's onboarding as the hosted forms would. */
    complete: (id: string) => {
      accounts.get(id)!.onboarded = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
