import { createHash } from 'node:crypto';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

// Printable ASCII (space to tilde): what a client library generates (UUIDs, ULIDs) and what can be
// stored and logged without surprises; 255 bounds the primary key's size.
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** The key when the header is well-formed, else null (the caller answers 400). */
export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && KEY_PATTERN.test(header) ? header : null;
}

/** JSON with object keys sorted at every depth, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are one request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * What "the same request" means for a key: method, URL and body as the client sent them (before
 * validation trims or defaults anything). Newlines separate the parts; neither a method nor a URL
 * can contain one, so no two requests share an input.
 */
export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256').update(`${method}\n${url}\n${canonicalJson(body)}`).digest('hex');
}
