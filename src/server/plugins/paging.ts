import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { INT4_MAX, integerQuery } from '../../contract/numbers.js';
import { isValidDate } from '../../contract/time.js';
import { AppError } from '../errors.js';
import { ErrorCode } from '../../contract/errors.js';
import type { Page, PageKey } from '../db/keyset.js';

// DESIGN section 10's paging rule, in one place for every list: `limit` (default 24, at most 100),
// an opaque `cursor` handed out by the previous page, and the next page's URL in a
// `Link: <…>; rel="next"` header (RFC 8288), absent on the last page. The body keeps the shape SPEC
// gives it, so a client that knows nothing of pages still gets the first one.
//
// A cursor is base64url JSON: [list, ...key]. The list's name keeps one list's cursor out of
// another; a list with several sorts or filters (GET /api/businesses) names them in its list name,
// so a cursor from one sort is refused by another rather than read as a key it never was.

export const PAGE_LIMIT = { default: 24, max: 100 } as const;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}$/;
const keyTime = z.string().refine((text) => {
  const [date, time, rest] = text.split('T');
  return rest === undefined && isValidDate(date) && TIME_OF_DAY.test(time ?? '');
});

/** The cursor text of a key: base64url JSON [list, ...key]. */
export const encodeKey = (list: string, key: readonly unknown[]) => Buffer.from(JSON.stringify([list, ...key])).toString('base64url');

export const encodeCursor = (list: string, key: PageKey) => encodeKey(list, [key.at, key.id]);

/** A cursor's list name and key, or null when the text is no cursor at all. */
export function decodeKey(text: string): { list: string; key: unknown[] } | null {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(json) || typeof json[0] !== 'string') return null;
  return { list: json[0], key: json.slice(1) };
}

const timeIdKey = z.tuple([keyTime, z.number().int().positive().max(INT4_MAX)]);

function decodeCursor(list: string, text: string): PageKey | null {
  const decoded = decodeKey(text);
  if (!decoded || decoded.list !== list) return null;
  const parsed = timeIdKey.safeParse(decoded.key);
  return parsed.success ? { at: parsed.data[0], id: parsed.data[1] } : null;
}

export const limitQuery = () =>
  integerQuery('limit')
    .pipe(z.number().min(1, 'limit must be at least 1').max(PAGE_LIMIT.max, `limit must be at most ${PAGE_LIMIT.max}`))
    .default(PAGE_LIMIT.default);

/** The cursor as text, checked against its list later (a list of several sorts knows its key only then). */
export const cursorText = (max = 1000) => z.string().max(max, 'cursor is too long: use the Link header of the previous page');

const badCursor = (message: string) => new AppError(ErrorCode.VALIDATION, message, [{ path: ['cursor'], message }]);

/**
 * A list's cursor read with its key's schema: 400 naming the list it belongs to when it is another
 * list's (another sort or other filters of the same route), or no cursor at all.
 */
export function readCursor<K>(list: string, key: z.ZodType<K>, text: string | undefined, describe: (list: string) => string = (l) => l): K | undefined {
  if (text === undefined) return undefined;
  const decoded = decodeKey(text);
  if (!decoded) throw badCursor('cursor is not one this list handed out: use the Link header of the previous page, or leave it out to start again');
  if (decoded.list !== list) {
    throw badCursor(`cursor belongs to ${describe(decoded.list)}, not to ${describe(list)}: use the Link header of the previous page, or leave it out to start again`);
  }
  const parsed = key.safeParse(decoded.key);
  if (!parsed.success) throw badCursor('cursor is not one this list handed out: use the Link header of the previous page, or leave it out to start again');
  return parsed.data;
}

/** Points the Link header at the next page (this request's URL with the next cursor); none after the last. */
export function linkNextCursor(request: FastifyRequest, reply: FastifyReply, cursor: string | null) {
  if (!cursor) return;
  const url = new URL(request.url, 'http://localhost');
  url.searchParams.set('cursor', cursor);
  reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
}

/** One paged list: its query fields (spread into the route's querystring schema) and its reply. */
export function pagedList(list: string) {
  const query = {
    limit: limitQuery(),
    cursor: cursorText(300)
      .transform((text, ctx) => {
        const key = decodeCursor(list, text);
        if (key) return key;
        ctx.addIssue({ code: 'custom', message: 'cursor is not one this list handed out: use the Link header of the previous page, or leave it out to start again' });
        return z.NEVER;
      })
      .optional(),
  };

  /** Points the Link header at the next page (this request's URL with the next cursor); none after the last. */
  function linkNext(request: FastifyRequest, reply: FastifyReply, next: PageKey | null) {
    linkNextCursor(request, reply, next ? encodeCursor(list, next) : null);
  }

  /** A list answered as an array: the page's items, with the Link header to the next page. */
  function send<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
    linkNext(request, reply, page.next);
    return page.items;
  }

  return { query, send, linkNext };
}

export type PageQuery = { limit: number; cursor?: PageKey };
