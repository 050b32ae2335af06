import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Stripe sends form-encoded bodies; nested keys stay as Stripe writes them (`metadata[que_intent_id]`). */
  form: URLSearchParams;
}

export interface Recording {
  method: string;
  /** Matched against the path without the query string. */
  path: RegExp;
  status?: number;
  /** A file under fixtures/ holding a response recorded from Stripe's test mode. */
  fixture: string;
  /** Gives each answer its own ids where the database needs them unique. */
  adjust?: (body: Record<string, unknown>, request: ReceivedRequest) => Record<string, unknown>;
}

export const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;

/**
 * A stand-in for api.stripe.com on 127.0.0.1: answers each request with the first recording that
 * matches it (the last added wins, so a test can override a default) and keeps every request for
 * assertions. Nothing leaves the machine.
 */
export async function startRecordedStripe(recordings: Recording[]) {
  const received: ReceivedRequest[] = [];
  const table = [...recordings];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: ReceivedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, form: new URLSearchParams(raw) };
      received.push(request);
      const match = [...table].reverse().find((r) => r.method === request.method && r.path.test(request.path));
      const body = match ? (match.adjust ?? ((b) => b))(fixture(match.fixture), request) : { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.path})` } };
      res.writeHead(match ? (match.status ?? 200) : 404, { 'content-type': 'application/json', 'request-id': `req_test${received.length}` });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    /** Answers matching requests with another recording from now on (an error, a later state). */
    answer: (recording: Recording) => table.push(recording),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
