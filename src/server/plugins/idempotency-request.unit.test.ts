import { describe, expect, it } from 'vitest';
import { canonicalJson, parseIdempotencyKey, requestHash } from './idempotency-request.js';

describe('Idempotency-Key header', () => {
  it('accepts 1 to 255 printable ASCII characters', () => {
    for (const key of ['a', '550e8400-e29b-41d4-a716-446655440000', 'with space', '~'.repeat(255)]) expect(parseIdempotencyKey(key)).toBe(key);
  });

  it('refuses empty, long, non-ASCII, control characters and repeated headers', () => {
    for (const key of ['', 'x'.repeat(256), 'clé', 'tab\there', 'nul\u0000', '\u007f', ['a', 'b'], undefined]) expect(parseIdempotencyKey(key)).toBeNull();
  });
});

describe('request hash', () => {
  it('ignores key order at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(requestHash('POST', '/api/x', { a: 1, b: 2 })).toBe(requestHash('POST', '/api/x', { b: 2, a: 1 }));
  });

  it('tells apart method, URL and body', () => {
    const base = requestHash('POST', '/api/x', { a: 1 });
    expect(new Set([base, requestHash('PUT', '/api/x', { a: 1 }), requestHash('POST', '/api/y', { a: 1 }), requestHash('POST', '/api/x', { a: '1' })]).size).toBe(4);
    expect(requestHash('POST', '/api/x', undefined)).toBe(requestHash('POST', '/api/x', null));
  });
});
