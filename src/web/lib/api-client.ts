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

export async function api<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
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
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
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
