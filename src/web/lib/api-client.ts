import type { ErrorBody } from '@contract/errors';

/** A non-OK reply: message is "status: body" (SPEC section 7); serverMessage is the JSON message. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: string,
    public readonly serverMessage: string | undefined,
    public readonly code: string | undefined,
  ) {
    super(`${status}: ${body}`);
  }
}

/** Sends the request; a non-OK reply is thrown as an ApiError. */
async function send(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response> {
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: body !== undefined ? { 'content-type': 'application/json', ...headers } : headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    let parsed: Partial<ErrorBody> | undefined;
    try {
      parsed = JSON.parse(text) as Partial<ErrorBody>;
    } catch {
      parsed = undefined;
    }
    throw new ApiError(res.status, text, parsed?.message, parsed?.code);
  }
  return res;
}

export async function api<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await send(method, path, body, headers);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** One page of a paged list: the body as the server sent it, and the next page's URL (null on the last). */
export interface ApiPage<T> {
  body: T;
  next: string | null;
}

/** The URL of `rel="next"` in a Link header (RFC 8288), or null. The server's URLs hold no commas. */
export function nextPageUrl(link: string | null): string | null {
  for (const part of link?.split(',') ?? []) {
    const [target, ...params] = part.split(';');
    const url = /^\s*<([^>]*)>\s*$/.exec(target)?.[1];
    const rel = params.map((p) => /^\s*rel\s*=\s*"?([^"]*)"?\s*$/i.exec(p)?.[1]).find((r) => r !== undefined);
    if (url !== undefined && rel?.toLowerCase().split(/\s+/).includes('next')) return url;
  }
  return null;
}

/** GET a page of a paged list (DESIGN section 10): the server says where the next page is in its Link header. */
export async function apiGetPage<T>(path: string): Promise<ApiPage<T>> {
  const res = await send('GET', path);
  return { body: (await res.json()) as T, next: nextPageUrl(res.headers.get('link')) };
}

/** The message a person should see: the server's own words, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

export const apiGet = <T>(path: string) => api<T>('GET', path);
export const apiPost = <T>(path: string, body: unknown = {}) => api<T>('POST', path, body);
export const apiPut = <T>(path: string, body: unknown) => api<T>('PUT', path, body);
export const apiPatch = <T>(path: string, body: unknown) => api<T>('PATCH', path, body);
export const apiDelete = <T = void>(path: string) => api<T>('DELETE', path);
