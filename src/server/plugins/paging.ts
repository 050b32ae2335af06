import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { INT4_MAX, integerQuery } from '../../contract/numbers.js';
import { isValidDate } from '../../contract/time.js';
import type { Page, PageKey } from '../db/keyset.js';

// DESIGN section 10's paging rule, in one place for every list that grows with a person's history:
// `limit` (default 24, at most 100), an opaque `cursor` handed out by the previous page, and the next
// page's URL in a `Link: <…>; rel="next"` header (RFC 8288), absent on the last page. The body keeps
// the shape SPEC gives it, so a client that knows nothing of pages still gets the newest ones.

export const PAGE_LIMIT = { default: 24, max: 100 } as const;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}$/;
const keyTime = z.string().refine((text) => {
  const [date, time, rest] = text.split('T');
  return rest === undefined && isValidDate(date) && TIME_OF_DAY.test(time ?? '');
});

/** A cursor is base64url JSON: [list, time, id]. The list's name keeps one list's cursor out of another. */
const cursorJson = (list: string) => z.tuple([z.literal(list), keyTime, z.number().int().positive().max(INT4_MAX)]);

export const encodeCursor = (list: string, key: PageKey) => Buffer.from(JSON.stringify([list, key.at, key.id])).toString('base64url');

function decodeCursor(list: string, text: string): PageKey | null {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = cursorJson(list).safeParse(json);
  return parsed.success ? { at: parsed.data[1], id: parsed.data[2] } : null;
}

/** One paged list: its query fields (spread into the route's querystring schema) and its reply. */
export function pagedList(list: string) {
  const query = {
    limit: integerQuery('limit')
      .pipe(z.number().min(1, 'limit must be at least 1').max(PAGE_LIMIT.max, `limit must be at most ${PAGE_LIMIT.max}`))
      .default(PAGE_LIMIT.default),
    cursor: z
      .string()
      .max(300, 'cursor is too long: use the Link header of the previous page')
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
    if (!next) return;
    const url = new URL(request.url, 'http://localhost');
    url.searchParams.set('cursor', encodeCursor(list, next));
    reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
  }

  /** A list answered as an array: the page's items, with the Link header to the next page. */
  function send<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
    linkNext(request, reply, page.next);
    return page.items;
  }

  return { query, send, linkNext };
}

export type PageQuery = { limit: number; cursor?: PageKey };
