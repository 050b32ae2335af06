import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { RouteEntry } from '../plugins/route-table.js';

interface ZodLike {
  _zod?: { def: { type: string; shape?: Record<string, unknown>; options?: ZodLike[]; in?: ZodLike; innerType?: ZodLike; left?: ZodLike; right?: ZodLike } };
  shape?: Record<string, unknown>;
}

/** Field names a schema knows, so generated bodies reach past "unknown field" into each field's own checks. */
export function schemaKeys(schema: unknown): string[] {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def) return [];
  if (def.type === 'object') return Object.keys((schema as ZodLike).shape ?? def.shape ?? {});
  const children = [...(def.options ?? []), def.in, def.innerType, def.left, def.right].filter(Boolean) as ZodLike[];
  return [...new Set(children.flatMap(schemaKeys))];
}

/** Values that have broken parsers before: loose numbers, huge numbers, odd strings, wrong types. */
/** Cursors that decode (another list's, another sort's, a key of the wrong shape, huge numbers) and ones that do not. */
const cursor = (json: unknown) => Buffer.from(JSON.stringify(json)).toString('base64url');
const nastyCursors = fc.constantFrom(
  cursor(['businesses/name/x', 'A', 1]), cursor(['businesses/rating/x', '9.9', -1, 1]), cursor(['businesses/distance/x', 1e308, 2 ** 31]),
  cursor(['businesses/soonest/x', '2026-02-30T25:00:00', 1]), cursor(['earliest/x', '2026-01-01T09:00:00', 1, 1]), cursor(['offers', '2026-01-01T00:00:00.000000', 1]),
  cursor(['x']), cursor([]), cursor({}), cursor(null), 'not base64!', '%%', 'A'.repeat(1001),
);
const nastyScalar = fc.oneof(
  nastyCursors,
  fc.constantFrom('40.7,-74', '91,0', '0,181', '1,2,3', 'lat,lng', 'relevance', 'soonest', 'rating', 'distance', 'name', 'true', 'false', '$$', 'Italian'),
  fc.constantFrom('0x1', '0b1', '1e0', ' 1', '+1', '-1', '0', '1.5', '00001', '2147483648', '99999999999999999999', 'NaN', 'Infinity', ''),
  fc.constantFrom('2026-02-30', '9999-12-31', '0000-01-01', '24:00', '23:60', '25:99', '../../etc/passwd', '<script>alert(1)</script>', "' or 1=1 --", '\u0000', '𝒳', 'US/Pacific-New'),
  fc.constantFrom(0.001, -0, 1e308, -1, 2 ** 31, Number.MAX_SAFE_INTEGER, 19.999),
  fc.boolean(),
  fc.constant(null),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
);
const nastyValue = fc.oneof({ depthSize: 'small' }, nastyScalar, fc.array(nastyScalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), nastyScalar, { maxKeys: 3 }));

const paramValue = (validIds: number[]) =>
  fc.oneof(
    fc.constantFrom(...validIds.map(String)),
    fc.constantFrom('0x1', '0b1', '1e0', '%201', '+1', '-1', '0', '1.0', '2147483648', '99999999999', 'abc', '%00', '%E0%A4%A', '..%2F..'),
    fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
    fc.nat().map(String),
  );

function objectFor(keys: string[]) {
  const entries = fc.subarray(keys).chain((chosen) =>
    fc.tuple(...chosen.map((k) => fc.tuple(fc.constant(k), nastyValue))).map((pairs) => Object.fromEntries(pairs)),
  );
  return fc.tuple(entries, fc.dictionary(fc.string({ maxLength: 10 }), nastyValue, { maxKeys: 2 })).map(([known, extra]) => ({ ...extra, ...known }));
}

/** A request to one route with generated path params, query, body and headers. */
export function requestArbitrary(route: RouteEntry, validIds: number[]): fc.Arbitrary<InjectOptions> {
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const params = fc.tuple(...paramNames.map(() => paramValue(validIds)));
  const queryKeys = schemaKeys(route.schema?.querystring);
  const query = objectFor(queryKeys.length ? queryKeys : ['id', 'businessId']).map((q) =>
    Object.entries(q)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
      .join('&'),
  );
  const bodyKeys = schemaKeys(route.schema?.body);
  const body = fc.oneof(
    { weight: 5, arbitrary: objectFor(bodyKeys).map((b) => ({ payload: JSON.stringify(b), type: 'application/json' })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => ({ payload: JSON.stringify(v) ?? 'null', type: 'application/json' })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 50 }).map((s) => ({ payload: s, type: 'application/json' })) },
    { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-7', '').map((type) => ({ payload: 'a=1', type })) },
  );
  const headers = fc.record(
    {
      origin: fc.constantFrom('http://evil.example', 'null', 'http://localhost:80'),
      cookie: fc.constantFrom('sid=garbage', 'sid=s%3Aabc.def', 'sid='),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip'),
      // Malformed keys, the longest valid one, and one reused across bodies (replay and 422 paths).
      'idempotency-key': fc.constantFrom('', ' ', 'x'.repeat(256), 'k'.repeat(255), 'clé', 'tab\there', 'nul\u0000', 'fuzz-key'),
    },
    { requiredKeys: [] },
  );
  return fc.tuple(params, query, body, headers).map(([values, q, b, h]) => {
    let url = route.url;
    paramNames.forEach((name, i) => (url = url.replace(`:${name}`, values[i])));
    const withQuery = q ? `${url}?${q}` : url;
    const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
    return {
      method: route.method as InjectOptions['method'],
      url: withQuery,
      headers: { ...h, ...(sendsBody && b.type ? { 'content-type': b.type } : {}) },
      ...(sendsBody ? { payload: b.payload } : {}),
    };
  });
}
